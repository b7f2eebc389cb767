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

/** The exam pages' tabs (preview, item analysis, exam day), for pages of other areas that join them. */
export { ExamTabs, examMonitorPath, EXAM_MONITOR_PERMISSIONS } from './analysis/ExamTabs';
