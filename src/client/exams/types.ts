import type { AnswerKind } from '../../common/questions/kinds';
import type { QuestionTranslation } from '../../common/exams/localization';
import type { PlatformIdentifier } from '../../../schemas/vocabulary';

/** A lookup row as the exams API returns it (SPEC section 3, lookup entities). */
export interface NamedRecord {
  id: number;
  name?: string;
  name_en: string;
  name_ar: string;
}

export interface Duration extends NamedRecord {
  number: number;
}

/** An exam as `GET /api/exams` and `GET /api/exams/{id}` return it (SPEC section 3, Exam). */
export interface Exam {
  id: number;
  name: string;
  name_en: string;
  name_ar: string;
  platform_id: number;
  duration_id: number;
  grade_id: number | null;
  level_id: number | null;
  round_id: number;
  exam_type_id: number;
  skill_ids: number[];
  start_date_time: string;
  end_date_time: string;
  min_mark: number;
  max_mark: number;
  pass_mark: number;
  questions_per_page: number;
  tags: string[];
  is_published: boolean;
  // Read-only relations and totals.
  duration?: Duration | null;
  duration_minutes?: number | null;
  grade?: NamedRecord | null;
  level?: NamedRecord | null;
  round?: NamedRecord | null;
  type?: NamedRecord | null;
  platform?: { id: number; name: string; identifier: PlatformIdentifier } | null;
  skills?: NamedRecord[];
  total_mark?: number;
  questions_count?: number;
  started_count?: number;
}

/** `POST /api/exams/form`: the lookups of one platform. */
export interface ExamLookups {
  grades: NamedRecord[];
  levels: NamedRecord[];
  skills: NamedRecord[];
  rounds: NamedRecord[];
  durations: Duration[];
  examTypes: NamedRecord[];
}

/** The bulk actions of exams and of localized exams. */
export type BulkAction = 'publish' | 'unpublish' | 'delete';

/** One exam's (or localized exam's) result in a bulk action: bulk actions are partial. */
export interface BulkResult {
  id: number;
  success: boolean;
  status: number;
  message: string | null;
}

export interface BulkOutcome {
  data: BulkResult[];
  meta: { succeeded: number; failed: number };
}

/** `GET /api/exam-restriction/check`: whether an exam (or a localized exam) may be edited, and if not, why. */
export interface ExamRestriction {
  editable: boolean;
  message: string | null;
}

/** A question held by an exam (a copy; its answer key included). */
export interface ExamQuestion {
  id: number;
  exam_id: number;
  position: number;
  source_question_id: number | null;
  platform_id: number;
  skill_id: number;
  text: string;
  content_language: 'en' | 'ar';
  answer_type: AnswerKind;
  answer_key: unknown;
  mark: number;
  media_type: 'none' | 'image' | 'audio';
  media: string | null;
  media_url: string | null;
  media_replay_count: number;
  instruction_audio: string | null;
  instruction_audio_url: string | null;
}

/** A bank question as the bank list returns it (relations as objects). */
export interface BankQuestion {
  id: number;
  text: string;
  answer_type: AnswerKind;
  mark: number;
  skill_id: number;
  skill?: NamedRecord | null;
}

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

/** One question of the preview: the student's view, no key. */
export interface PreviewQuestion {
  id: number;
  position: number;
  text: string;
  content_language: 'en' | 'ar';
  mark: number;
  media_type: 'none' | 'image' | 'audio';
  media_url: string | null;
  media_replay_count: number;
  instruction_audio_url: string | null;
  answer_type: AnswerKind;
  view: unknown;
}

export interface ExamPreview {
  exam: {
    id: number;
    name_en: string;
    name_ar: string;
    questions_per_page: number;
    duration_minutes: number;
    total_mark: number;
    questions_count: number;
  };
  localization: { id: number; name: string; countries: string[] } | null;
  pages: PreviewQuestion[][];
}
