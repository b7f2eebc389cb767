/** What the rest of the console (the data provider's exam methods) uses of the exams area: its types. */
export type {
  BulkAction,
  BulkOutcome,
  Exam,
  ExamLocalization,
  ExamLookups,
  ExamPreview,
  ExamQuestion,
  ExamRestriction,
  LocalizationBody,
} from './types';
