import type { PlatformIdentifier } from '../../../../schemas/vocabulary';
import { checkExamPlatformFields, examFormSchema } from '../../../common/exams/exam-form';

/** The fields the form edits and sends (SPEC section 3, Exam); read-only relations are left out. */
export const EXAM_FORM_KEYS = [
  'name_en',
  'name_ar',
  'platform_id',
  'duration_id',
  'grade_id',
  'level_id',
  'round_id',
  'academic_year_id',
  'exam_type_id',
  'skill_ids',
  'start_date_time',
  'end_date_time',
  'min_mark',
  'max_mark',
  'pass_mark',
  'questions_per_page',
  'tags',
  'double_marking',
  'double_marking_threshold',
  'anonymous_marking',
] as const;

export type ExamFormValues = Record<string, unknown> & { id?: number | string | null };

/**
 * SPEC section 3's blank form. Ids and dates start empty so the spec's "required" messages
 * apply; marks start at the usual 0/100/50, and 0 questions per page means all on one page.
 */
export function blankExam(platformId: number): ExamFormValues {
  return {
    id: 0,
    name: '',
    name_en: '',
    name_ar: '',
    platform_id: platformId,
    duration_id: null,
    grade_id: null,
    level_id: null,
    round_id: null,
    academic_year_id: null,
    exam_type_id: null,
    start_date_time: '',
    end_date_time: '',
    min_mark: 0,
    max_mark: 100,
    pass_mark: 50,
    questions_per_page: 0,
    total_mark: 0,
    is_published: false,
    skill_ids: [],
    tags: [],
    double_marking: false,
    double_marking_threshold: 20,
    anonymous_marking: false,
  };
}

/** The request body: the form's fields, with `name` set from `name_en` (SPEC section 3). */
export function examPayload(values: ExamFormValues): Record<string, unknown> {
  // A cleared select holds '' (react-admin's empty choice): the API takes null for "none".
  const body: Record<string, unknown> = Object.fromEntries(
    EXAM_FORM_KEYS.map((key) => [key, values[key] === '' && key.endsWith('_id') ? null : (values[key] ?? null)]),
  );
  body.name = values.name_en;
  if (!Array.isArray(body.tags)) body.tags = [];
  return body;
}

/** SPEC section 4: an id that is empty or 0 means a new exam. */
export const isNewExam = (values: ExamFormValues) => !Number(values.id);

/**
 * Client validation with the server's own schema: one catalog key per field, shown under it.
 * Grade is required on IRA platforms and level on ISA.
 */
export function validateExam(values: ExamFormValues, identifier: PlatformIdentifier): Record<string, string> {
  const payload = examPayload(values);
  const errors: Record<string, string> = {};
  const parsed = examFormSchema.safeParse(payload);
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  for (const [field, messages] of Object.entries(
    checkExamPlatformFields({ ...payload } as { grade_id?: number | null; level_id?: number | null }, identifier),
  )) {
    errors[field] ??= messages[0];
  }
  return errors;
}
