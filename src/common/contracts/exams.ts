import { z } from 'zod';
import { platformRef, relatedRecord, timestamps } from './records';
import { studentQuestion } from './questions';

const related = relatedRecord.nullable().optional();
const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** An exam as `GET /api/exams` and `GET /api/exams/{id}` return it (SPEC section 3, Exam). */
export const examRecord = z
  .object({
    id: z.number(),
    name: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    platform_id: z.number(),
    platform: platformRef.nullable().optional(),
    duration_id: z.number(),
    duration: related,
    grade_id: z.number().nullable(),
    grade: related,
    level_id: z.number().nullable(),
    level: related,
    round_id: z.number(),
    round: related,
    academic_year_id: z.number().nullable(),
    academic_year: related,
    exam_type_id: z.number(),
    exam_type: related,
    type: related,
    skill_ids: z.array(z.number()),
    skills: z.array(relatedRecord).optional(),
    start_date_time: wallTime,
    end_date_time: wallTime,
    min_mark: z.number(),
    max_mark: z.number(),
    pass_mark: z.number(),
    questions_per_page: z.number(),
    tags: z.array(z.string()),
    is_published: z.boolean(),
    double_marking: z.boolean(),
    double_marking_threshold: z.number(),
    anonymous_marking: z.boolean(),
    // Totals computed by the server.
    duration_minutes: z.number().nullable().optional(),
    total_mark: z.number().optional(),
    total_questions_mark: z.number().optional(),
    questions_count: z.number().optional(),
    started_count: z.number().optional(),
    ...timestamps,
  })
  .strict();
export type ExamRecord = z.infer<typeof examRecord>;

/** `POST /api/exams/form`: the lookups of one platform for the exam form. */
export const examFormLookups = z
  .object({
    grades: z.array(relatedRecord),
    levels: z.array(relatedRecord),
    skills: z.array(relatedRecord),
    rounds: z.array(relatedRecord),
    durations: z.array(relatedRecord),
    examTypes: z.array(relatedRecord),
    academicYears: z.array(relatedRecord),
  })
  .strict();
export type ExamFormLookups = z.infer<typeof examFormLookups>;

/** `GET /api/exams/{id}/preview`: the exam as a student will see it, page by page, without keys. */
export const examPreview = z
  .object({
    exam: z
      .object({
        id: z.number(),
        name_en: z.string(),
        name_ar: z.string(),
        questions_per_page: z.number(),
        is_published: z.boolean(),
        duration_minutes: z.number(),
        total_mark: z.number(),
        questions_count: z.number(),
      })
      .strict(),
    localization: z
      .object({ id: z.number(), name: z.string(), countries: z.array(z.string()) })
      .strict()
      .nullable(),
    pages: z.array(z.array(studentQuestion)),
  })
  .strict();
export type ExamPreviewRecord = z.infer<typeof examPreview>;

/** `GET /api/exam-restriction/check`: whether an exam (or a localized exam) may be edited, and if not, why. */
export const examRestriction = z.object({ editable: z.boolean(), message: z.string().nullable() }).strict();
export type ExamRestriction = z.infer<typeof examRestriction>;
