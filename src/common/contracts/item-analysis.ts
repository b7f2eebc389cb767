import { z } from 'zod';

const flag = z.enum(['too_hard', 'too_easy', 'negative_discrimination', 'weak_discrimination']);

export const itemOption = z
  .object({
    id: z.string(),
    /** The option's text, plain (true/false: "true" or "false"). */
    text: z.string(),
    correct: z.boolean(),
    count: z.number(),
    share: z.number(),
    upper_share: z.number(),
    lower_share: z.number(),
  })
  .strict();

export const itemStatisticsRow = z
  .object({
    id: z.number(),
    position: z.number(),
    answer_type: z.string(),
    /** The question's text, plain, at most 200 characters. */
    text: z.string(),
    max: z.number(),
    mean: z.number(),
    sd: z.number(),
    facility: z.number().nullable(),
    item_rest_correlation: z.number().nullable(),
    discrimination_index: z.number().nullable(),
    flags: z.array(flag),
    options: z.array(itemOption).nullable(),
    omitted_share: z.number().nullable(),
  })
  .strict();
export type ItemStatisticsRow = z.infer<typeof itemStatisticsRow>;

/** `GET /api/exams/{id}/item-analysis`: classical item statistics of the exam's corrected attempts. */
export const itemAnalysisReport = z
  .object({
    exam: z
      .object({
        id: z.number(),
        name_en: z.string(),
        name_ar: z.string(),
        attempts: z.number(),
        items: z.number(),
        max: z.number(),
        mean: z.number(),
        median: z.number(),
        sd: z.number(),
        min: z.number(),
        highest: z.number(),
        alpha: z.number().nullable(),
        sem: z.number().nullable(),
        group_size: z.number(),
      })
      .strict(),
    items: z.array(itemStatisticsRow),
  })
  .strict();
export type ItemAnalysisReport = z.infer<typeof itemAnalysisReport>;
