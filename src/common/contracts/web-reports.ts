import { z } from 'zod';

const named = z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict();

/** `GET /api/web-report/filters`: what the user may filter the dashboard by, within their schools. */
export const webReportFilters = z
  .object({
    platforms: z.array(named),
    schools: z.array(named),
    academic_years: z.array(named),
    /** Rounds, grades and levels belong to a platform. */
    rounds: z.array(named.extend({ platform_id: z.number() })),
    grades: z.array(named.extend({ platform_id: z.number() })),
    levels: z.array(named.extend({ platform_id: z.number() })),
    /** The user may refresh the figures now. */
    can_refresh: z.boolean(),
  })
  .strict();
export type WebReportFilters = z.infer<typeof webReportFilters>;

/**
 * Subscribed counts students; assigned, completed and non-submitters count exams assigned to
 * students (one per student and exam), so a student assigned in two rounds counts twice.
 */
export const participation = z
  .object({
    schools: z.number(),
    subscribed: z.number(),
    assigned: z.number(),
    completed: z.number(),
    non_submitters: z.number(),
  })
  .strict();
export type Participation = z.infer<typeof participation>;

export const skillAverage = named.extend({ average: z.number(), results: z.number() }).strict();
export type SkillAverage = z.infer<typeof skillAverage>;

export const tierCount = z
  .object({ key: z.enum(['below', 'within', 'above']), count: z.number(), share: z.number() })
  .strict();
export type TierCount = z.infer<typeof tierCount>;

/** Students at one performance level of a scale (issue 42); `share` is a percent of those placed. */
export const levelCount = z
  .object({ key: z.enum(['below', 'approaching', 'meeting', 'exceeding']), count: z.number(), share: z.number() })
  .strict();

/**
 * A selection on one reporting scale: the students measured on it, their mean scaled score (whole
 * points, null when none) and, of those whose grade or level has cut scores (`leveled`), how many are
 * at each performance level (empty when none has).
 */
export const scaleFigures = named
  .extend({
    measured: z.number(),
    mean_score: z.number().nullable(),
    leveled: z.number(),
    levels: z.array(levelCount),
  })
  .strict();
export type ScaleFigures = z.infer<typeof scaleFigures>;

/** The figures of one selection (the whole view, or one school, round or year of the comparative view). */
export const webReportFigures = z
  .object({
    participation,
    /** Mean of the results' exact percentages, unrounded (null without results). */
    average: z.number().nullable(),
    /**
     * The results the average, skills and tiers include: completed exams corrected, released and
     * moved into the reports by the last refresh (at most `participation.completed`).
     */
    results: z.number(),
    skills: z.array(skillAverage),
    tiers: z.array(tierCount),
    /** The reporting scales the selection's results are measured on. */
    scales: z.array(scaleFigures),
  })
  .strict();
export type WebReportFigures = z.infer<typeof webReportFigures>;

export const leaderboardRow = z
  .object({
    /** Competition rank: students with the same percent and mark share one (1, 2, 2, 4). */
    rank: z.number(),
    /** `name` is the Latin copy; the screen shows the reader's `name_en` or `name_ar`. */
    student: z.object({ id: z.number(), name: z.string(), name_en: z.string(), name_ar: z.string() }).strict(),
    school_class: named,
    academic_year: named.nullable(),
    percent: z.number(),
    mark: z.number(),
    tier: z.enum(['below', 'within', 'above']),
  })
  .strict();
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

export const COMPARE_BY = ['school', 'round', 'academic_year'] as const;
export type CompareBy = (typeof COMPARE_BY)[number];

/** `GET /api/web-report/results`. */
export const webReportResults = z
  .object({
    /** When the figures were last refreshed (null: never). */
    refreshed_at: z.string().nullable(),
    figures: webReportFigures,
    leaderboard: z
      .object({ top: z.array(leaderboardRow), lowest: z.array(leaderboardRow) })
      .strict()
      .nullable(),
    /** Why there is no leaderboard (SPEC section 9: one school, one round and one grade). */
    leaderboard_message: z.string().nullable(),
    comparative: z
      .object({
        by: z.enum(COMPARE_BY),
        groups: z.array(named.extend({ figures: webReportFigures }).strict()),
      })
      .strict()
      .nullable(),
    comparative_message: z.string().nullable(),
  })
  .strict();
export type WebReportResults = z.infer<typeof webReportResults>;

/** `POST /api/web-report/refresh`: the refresh that ran. */
export const webReportRefresh = z
  .object({ message: z.string(), data: z.object({ refreshed_at: z.string(), rows: z.number() }).strict() })
  .strict();
