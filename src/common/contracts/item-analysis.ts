import { z } from 'zod';

const flag = z.enum(['too_hard', 'too_easy', 'negative_discrimination', 'weak_discrimination']);
const distractorFlag = z.enum(['unused', 'attracts_strong']);
/** A 95% confidence interval, [low, high]. */
const interval = z.tuple([z.number(), z.number()]).nullable();

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
    /** Choosing it against the rest score. */
    point_biserial: z.number().nullable(),
    flags: z.array(distractorFlag),
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
    item_total_correlation: z.number().nullable(),
    alpha_if_deleted: z.number().nullable(),
    discrimination_index: z.number().nullable(),
    facility_ci: interval,
    item_rest_ci: interval,
    flags: z.array(flag),
    options: z.array(itemOption).nullable(),
    omitted_share: z.number().nullable(),
  })
  .strict();
export type ItemStatisticsRow = z.infer<typeof itemStatisticsRow>;

/** An exam's Rasch calibration (dichotomous Rasch, partial credit for questions marked out of more than 1). */
export const raschCalibration = z
  .object({
    model: z.enum(['rasch', 'partial_credit']),
    /** SD of the students' abilities in logits (their mean is 0). */
    sd: z.number(),
    reliability: z.number().nullable(),
    iterations: z.number(),
    converged: z.boolean(),
    items: z.array(
      z
        .object({
          id: z.number(),
          position: z.number(),
          model: z.enum(['dichotomous', 'partial_credit']),
          /** Everybody scored the same: not calibrated. */
          extreme: z.boolean(),
          difficulty: z.number().nullable(),
          se: z.number().nullable(),
          /** Step difficulties of a partial credit question. */
          thresholds: z.array(z.number()),
          infit: z.number().nullable(),
          outfit: z.number().nullable(),
          /** Infit or outfit above the limit. */
          misfit: z.boolean(),
        })
        .strict(),
    ),
    /**
     * Each raw score on the calibrated questions (0 to their maximum): the ability of a student with
     * it (Warm's weighted likelihood estimate, logits), its standard error and how many students had it.
     */
    scores: z.array(
      z.object({ raw_score: z.number(), ability: z.number(), se: z.number(), persons: z.number() }).strict(),
    ),
    /** The person-item (Wright) map: students per band of ability, questions by difficulty. */
    map: z
      .object({
        bins: z.array(z.object({ from: z.number(), to: z.number(), persons: z.number() }).strict()),
        items: z.array(z.object({ position: z.number(), difficulty: z.number() }).strict()),
      })
      .strict(),
  })
  .strict();
export type RaschCalibration = z.infer<typeof raschCalibration>;

const difGroup = z
  .object({
    /** `original` or a localization id; `male`, `female` or `unknown`; a school id. */
    key: z.string(),
    /** A localization's or a school's name; null where the key itself is translated. */
    name_en: z.string().nullable(),
    name_ar: z.string().nullable(),
    n: z.number(),
  })
  .strict();

/** Differential item functioning by one grouping of the students (Mantel-Haenszel, SMD for marks over 1). */
export const difComparison = z
  .object({
    by: z.enum(['language', 'gender', 'school']),
    reference: difGroup.nullable(),
    focal: z.array(
      difGroup
        .extend({
          skipped: z.enum(['too_small']).nullable(),
          items: z.array(
            z
              .object({
                id: z.number(),
                position: z.number(),
                kind: z.enum(['mh', 'smd']),
                /** MH D-DIF (dichotomous) or the standardized mean difference over the item's SD. */
                statistic: z.number().nullable(),
                category: z.enum(['A', 'B', 'C']).nullable(),
                favours: z.enum(['reference', 'focal']).nullable(),
              })
              .strict(),
          ),
        })
        .strict(),
    ),
  })
  .strict();
export type DifComparison = z.infer<typeof difComparison>;

const agreementFigures = {
  n: z.number(),
  exact: z.number().nullable(),
  adjacent: z.number().nullable(),
  icc: z.number().nullable(),
};
const markerRef = z.object({ id: z.number(), name: z.string() }).strict();

/** Agreement of double marking: by question, by pair of markers, and markers who drift. */
export const markerAgreementReport = z
  .object({
    questions: z.array(
      z
        .object({
          id: z.number(),
          position: z.number(),
          /** A paragraph's part, '' for the whole question. */
          part: z.string(),
          /** The part's place among its paragraph's parts (1, 2 …), null for a whole question: what a reader sees. */
          part_number: z.number().nullable(),
          max: z.number(),
          ...agreementFigures,
          kappa: z.number().nullable(),
        })
        .strict(),
    ),
    pairs: z.array(
      z
        .object({
          first: markerRef,
          second: markerRef,
          ...agreementFigures,
          /** Quadratic-weighted kappa over the pair's answers, marks as shares of their maximum. */
          kappa: z.number().nullable(),
          /** Mean of (first − second) over the item maximum. */
          mean_difference: z.number().nullable(),
        })
        .strict(),
    ),
    drift: z.array(
      z
        .object({
          marker: markerRef,
          answers: z.number(),
          mean_difference: z.number(),
          exact_or_adjacent: z.number(),
          reasons: z.array(z.enum(['lenient', 'severe', 'low_agreement'])),
        })
        .strict(),
    ),
  })
  .strict();
export type MarkerAgreementReport = z.infer<typeof markerAgreementReport>;

/** `GET /api/exams/{id}/item-analysis`: classical item statistics of the exam's corrected attempts. */
/**
 * The exam's questions beside the bank's parameters on a reporting scale (issue 42): this exam's own
 * difficulty moved onto the scale by the mean difference over the questions the bank holds, the
 * bank's current difficulty, and the drift between them (beyond 0.5 logits: flagged).
 */
export const scaleDrift = z
  .object({
    scale: z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict(),
    /** Logits added to this exam's own difficulties (the mean of bank − own over the common questions). */
    shift: z.number(),
    items: z.array(
      z
        .object({
          id: z.number(),
          position: z.number(),
          difficulty: z.number(),
          bank_difficulty: z.number(),
          /** The calibration the bank's value came from. */
          calibration_id: z.number(),
          drift: z.number(),
          drifted: z.boolean(),
        })
        .strict(),
    ),
  })
  .strict();
export type ScaleDrift = z.infer<typeof scaleDrift>;

/**
 * An adaptive exam's use of its pool and the precision it reached (issue 43): each question's
 * exposure and its correlation with the measured ability, and for the test its length, standard
 * error, information and the empirical reliability of the abilities.
 */
export const adaptiveAnalysis = z
  .object({
    scale: z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict(),
    se_target: z.number(),
    min_questions: z.number(),
    max_questions: z.number(),
    /** Students a question must have been given to before its classical figures are shown. */
    min_seen: z.number(),
    measured: z.number(),
    mean_length: z.number(),
    mean_ability: z.number().nullable(),
    sd_ability: z.number().nullable(),
    mean_se: z.number().nullable(),
    /** Share of the measured students whose standard error is at or below the target. */
    reached_target: z.number().nullable(),
    mean_information: z.number().nullable(),
    reliability: z.number().nullable(),
    pool: z.number(),
    pool_used: z.number(),
    max_exposure: z.number(),
    questions: z.array(
      z
        .object({
          id: z.number(),
          position: z.number(),
          given: z.number(),
          exposure: z.number(),
          /** The bank's difficulty on the scale (the mean of a partial credit question's steps). */
          difficulty: z.number().nullable(),
          ability_correlation: z.number().nullable(),
        })
        .strict(),
    ),
  })
  .strict();
export type AdaptiveAnalysis = z.infer<typeof adaptiveAnalysis>;

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
        alpha_ci: interval,
        sem: z.number().nullable(),
        group_size: z.number(),
        /** Too few attempts to judge by: intervals are shown and nothing is flagged. */
        unstable: z.boolean(),
      })
      .strict(),
    items: z.array(itemStatisticsRow),
    /** Null with fewer than two attempts or no question that varies. */
    rasch: raschCalibration.nullable(),
    /** Per scale the bank holds some of its questions on: their drift from the bank. */
    scales: z.array(scaleDrift),
    dif: z.array(difComparison),
    markers: markerAgreementReport,
    /** An adaptive exam's pool use and precision; null for a fixed form. Its items' figures are over the students given each. */
    adaptive: adaptiveAnalysis.nullable(),
    /** The thresholds the flags follow (the legend shows them). */
    limits: z
      .object({
        hard_below: z.number(),
        easy_above: z.number(),
        weak_below: z.number(),
        min_attempts: z.number(),
        group_share: z.number(),
        misfit_above: z.number(),
        /** A distractor whose point-biserial is above this draws strong students. */
        distractor_above: z.number(),
        dif_min_group: z.number(),
        /** |D-DIF| from which a question is B (moderate) and C (large). */
        dif_moderate_d: z.number(),
        dif_large_d: z.number(),
        /** Drift: answers a marker needs to be judged; mean difference (share of the maximum); least share within one step. */
        drift_min_answers: z.number(),
        drift_mean_difference: z.number(),
        drift_min_close: z.number(),
      })
      .strict(),
  })
  .strict();
export type ItemAnalysisReport = z.infer<typeof itemAnalysisReport>;
