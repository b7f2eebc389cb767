import { z } from 'zod';
import exams from '../../../schemas/exams';
import { lookupKey, recordContract, referencedResources, type LookupKey } from '../declarations';
import { relatedRecord, type RelatedRecord } from './records';
import { studentQuestion } from './questions';

/** An exam as `GET /api/exams` and `GET /api/exams/{id}` return it (SPEC section 3, Exam): its declaration's record. */
export const examRecord = recordContract(exams);
export type ExamRecord = z.infer<typeof examRecord>;

/** `POST /api/exams/form`: the records of every resource the exam declaration refers to, on one platform. */
export const examFormLookups = z.strictObject(
  Object.fromEntries(referencedResources(exams).map((resource) => [lookupKey(resource), z.array(relatedRecord)])),
) as unknown as z.ZodType<Record<ExamLookupKey, RelatedRecord[]>>;
/** The lookups' keys, from the declaration's references (`durations`, `examTypes`, ...). */
type ExamLookupKey = LookupKey<(typeof exams)['fields'][keyof (typeof exams)['fields']]>;
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
