/**
 * Every threshold the item analysis judges by, in one place: the analysis flags with them, the
 * report carries them and the analysis tab's legend shows them, so the three never disagree.
 */
export const REVIEW_LIMITS = {
  /** Facility (mean score over the maximum) below this: too hard. */
  hardBelow: 0.2,
  /** Facility above this: too easy. */
  easyAbove: 0.9,
  /**
   * Item-rest correlation below this: the item tells strong and weak students apart poorly
   * (Ebel's 0.20; below 0 it is flagged as negative).
   */
  weakBelow: 0.2,
  /**
   * Below this many attempts the figures are shown with their 95% confidence intervals and called
   * unstable, instead of being flagged: a facility's interval from 30 attempts is ±0.18 wide, a
   * correlation's ±0.35 (classical item statistics are usually read from 100 to 200 examinees on).
   */
  minAttempts: 100,
  /**
   * A distractor whose point-biserial with the rest of the test is above this attracts strong
   * students (a margin over 0: a distractor chosen at random sits near 0, on either side).
   */
  distractorAbove: 0.05,
  /** A question whose Rasch infit or outfit mean square is above this misfits (Wright & Linacre's 1.3 for high-stakes tests). */
  misfitAbove: 1.3,
} as const;

/** Groups with fewer students than this are not compared for DIF (reason 'too_small'). */
export const DIF_MIN_GROUP_SIZE = 100;
/** ETS limits: |MH D-DIF| of 1 and 1.5 (delta scale); |SMD / SD| of .17 and .25; tests at the .05 level. */
export const ETS_DIF_LIMITS = { negligibleD: 1, largeD: 1.5, negligibleEffect: 0.17, largeEffect: 0.25, alpha: 0.05 };

/**
 * A marker is checked for drift only with at least `minAnswers` double-marked answers: flagged when
 * their mean signed difference from co-markers is `meanDifferenceShare` of the maximum or more, or
 * fewer than `minExactOrAdjacent` of their marks are within one scale step of the co-marker's.
 */
export const DRIFT_LIMITS = { minAnswers: 20, meanDifferenceShare: 0.1, minExactOrAdjacent: 0.8 };

/** The share of attempts in each of the upper and lower groups (Kelley's 27%). */
export const GROUP_SHARE = 0.27;

/** The level of every confidence interval the analysis gives. */
export const CONFIDENCE = 0.95;
