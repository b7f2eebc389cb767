import { z } from 'zod';

/** Timestamps travel as ISO strings (created_at, updated_at); wall-clock date-times as `YYYY-MM-DD HH:mm:ss`. */
const instant = z.string();
const stamps = { created_at: instant.optional(), updated_at: instant.optional() };

/** A related record as the API embeds it (`skill`, `grade`, `duration`...): its declared fields only. */
export const relatedRecord = z
  .object({
    id: z.number(),
    name: z.string().optional(),
    name_en: z.string(),
    name_ar: z.string(),
    platform_id: z.number().optional(),
    // Declared fields of some lookups: durations' minutes, exam types' mock flag, outcomes' parents.
    number: z.number().optional(),
    is_mock: z.boolean().optional(),
    skill_id: z.number().optional(),
    grade_id: z.number().nullable().optional(),
    level_id: z.number().nullable().optional(),
    // A grade's OneRoster (CEDS) code.
    ceds_code: z.string().nullable().optional(),
    // A reporting scale's transformation (scaled score = origin + unit × logit).
    score_origin: z.number().optional(),
    score_unit: z.number().optional(),
    ...stamps,
  })
  .strict();
export type RelatedRecord = z.infer<typeof relatedRecord>;

/** The platform a platform-scoped record belongs to. */
export const platformRef = z
  .object({
    id: z.number(),
    name: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    identifier: z.enum(['IRA', 'ISA']),
    /** Its reports' attainment tier thresholds (percent). */
    tier_within_from: z.number().optional(),
    tier_above_from: z.number().optional(),
    ...stamps,
  })
  .strict();

export type PlatformRef = z.infer<typeof platformRef>;

export const timestamps = stamps;

/** The list meta of every paginated list (ARCHITECTURE "API conventions"). */
export const listMeta = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  next_page: z.number().nullable(),
  previous_page: z.number().nullable(),
  pages: z.array(z.number()).optional(),
});

export type ListMeta = z.infer<typeof listMeta>;

/** `{data, meta}`: the envelope of every list, on both sides. */
export interface ListEnvelope<T> {
  data: T[];
  meta: ListMeta;
}

/** The largest page a list returns (`per_page`), and the page a list returns when none is asked. */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 15;

/** `{data: [...], meta}` of a list of `item`. */
export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), meta: listMeta }).strict();

/** One record's (or one action's) outcome in a partial bulk action. */
export const bulkOutcome = z
  .object({
    data: z.array(
      z.object({ id: z.number(), success: z.boolean(), status: z.number(), message: z.string().nullable() }).strict(),
    ),
    meta: z.object({ succeeded: z.number(), failed: z.number() }).strict(),
  })
  .strict();
export type BulkOutcome = z.infer<typeof bulkOutcome>;
export type BulkResult = BulkOutcome['data'][number];
