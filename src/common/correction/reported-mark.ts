/**
 * The one rule that turns an attempt's points into the mark a school reads (issue 41; the rule is
 * written out in docs/scoring.md). Points are earned per question, out of the questions' total
 * (30 of 33); the mark is those points on the exam's own scale, its maximum mark (0 to 100, as
 * the spec's exam form says), rounded to a whole number, half up (30 / 33 × 40 = 36.36 is 36); the
 * attempt passes when that whole number reaches the pass mark. Every screen, file and report shows
 * the mark this gives, beside the points it comes from.
 */
export function reportedMark(points: number, total: number, maxMark: number): number {
  if (!(total > 0)) return 0;
  // Six decimals first: 20.5 reached as 20.499999999 by floating point still rounds up.
  return Math.round(Math.round((points / total) * maxMark * 1e6) / 1e6);
}

/** Whether a mark (a whole number, from `reportedMark`) reaches the exam's pass mark. */
export const passes = (mark: number, passMark: number): boolean => mark >= passMark;
