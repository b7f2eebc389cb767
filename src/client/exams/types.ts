/**
 * The API's answers are the shared contracts (src/common/contracts, held to the API by
 * tests/api/contracts.test.ts); the console names them in its own words here.
 */
export type {
  BankQuestionRecord as BankQuestion,
  BulkAction,
  BulkOutcome,
  BulkResult,
  ExamFormLookups as ExamLookups,
  ExamLocalizationRecord as ExamLocalization,
  ExamPreviewRecord as ExamPreview,
  ExamQuestionRecord as ExamQuestion,
  ExamRecord as Exam,
  ExamRestriction,
  LocalizationBody,
  RelatedRecord as NamedRecord,
  StudentQuestionRecord as PreviewQuestion,
} from '../../common/contracts';
