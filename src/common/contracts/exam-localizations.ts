import { z } from 'zod';

/** A question's texts in a localized exam (its own text and its answer definition's texts). */
const questionTranslation = z.object({ text: z.string().optional(), answer_key: z.unknown().optional() }).strict();

/** A localized exam as `/api/exams/{id}/localizations` and `/api/exam-localizations/{id}` answer. */
export const examLocalization = z
  .object({
    id: z.number(),
    exam_id: z.number(),
    name: z.string(),
    countries: z.array(z.string()),
    translations: z.object({ questions: z.record(z.string(), questionTranslation) }).strict(),
    is_published: z.boolean(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .strict();
export type ExamLocalizationRecord = z.infer<typeof examLocalization>;

/** What `POST /api/exams/{id}/localizations` and `PUT /api/exam-localizations/{id}` take. */
export type LocalizationBody = Pick<ExamLocalizationRecord, 'name' | 'countries' | 'translations'>;

/** The bulk actions of exams and of localized exams. */
export type BulkAction = 'publish' | 'unpublish' | 'delete';
