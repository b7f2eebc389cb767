import type { QuestionTranslation } from '../../common/exams/localization';

/**
 * The API's answers are the shared contracts (src/common/contracts, held to the API by
 * tests/api/contracts.test.ts); the console names them in its own words here.
 */
export type {
  BankQuestionRecord as BankQuestion,
  BulkOutcome,
  BulkResult,
  ExamFormLookups as ExamLookups,
  ExamPreviewRecord as ExamPreview,
  ExamQuestionRecord as ExamQuestion,
  ExamRecord as Exam,
  ExamRestriction,
  RelatedRecord as NamedRecord,
  StudentQuestionRecord as PreviewQuestion,
} from '../../common/contracts';

/** The bulk actions of exams and of localized exams. */
export type BulkAction = 'publish' | 'unpublish' | 'delete';

/** A localized exam as `/api/exam-localizations` answers (no shared contract yet). */
export interface ExamLocalization {
  id: number;
  exam_id: number;
  name: string;
  countries: string[];
  translations: { questions: Record<string, QuestionTranslation> };
  is_published: boolean;
}

/** What `POST /api/exams/{id}/localizations` and `PUT /api/exam-localizations/{id}` take. */
export interface LocalizationBody {
  name: string;
  countries: string[];
  translations: { questions: Record<string, QuestionTranslation> };
}
