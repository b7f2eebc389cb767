import { correlation } from './descriptive';
import { groupMean, type ExtremeGroups } from './extreme-groups';
import { REVIEW_LIMITS } from './review-limits';

/**
 * Distractor analysis of a choice question: who chose each option, overall and in the upper and
 * lower groups, and each option's point-biserial correlation with the rest of the test (the total
 * without this question). A wrong option nobody picks does no work; one that the strong students
 * pick (a positive point-biserial) is probably ambiguous or a second right answer.
 */
export type DistractorFlag = 'unused' | 'attracts_strong';

export interface OptionStatistics {
  id: string;
  correct: boolean;
  count: number;
  /** Share of all attempts choosing it; `upper_share` and `lower_share`: within the two groups. */
  share: number;
  upper_share: number;
  lower_share: number;
  /** Correlation of choosing it (1 or 0) with the rest score; null when nobody or everybody chose it. */
  point_biserial: number | null;
  flags: DistractorFlag[];
}

export function optionStatistics(
  options: readonly { id: string; correct: boolean }[],
  chosen: readonly (readonly string[] | null)[],
  rest: ArrayLike<number>,
  groups: ExtremeGroups,
  judge: boolean,
  round: (value: number | null) => number | null,
): { options: OptionStatistics[]; omitted_share: number } {
  const n = chosen.length;
  const share = (count: number, of: number) => (of === 0 ? 0 : round(count / of)!);
  let omitted = 0;
  for (const choice of chosen) if (!choice || choice.length === 0) omitted++;
  // Who chose each option, in one pass over the choices: forty questions over ten thousand attempts.
  const pickedBy = options.map(() => new Float64Array(n));
  const optionIndex = new Map(options.map((option, k) => [option.id, k]));
  for (let i = 0; i < n; i++)
    for (const id of chosen[i] ?? []) {
      const k = optionIndex.get(id);
      if (k !== undefined) pickedBy[k][i] = 1;
    }
  return {
    options: options.map((option, k) => {
      const picked = pickedBy[k];
      let count = 0;
      for (let i = 0; i < n; i++) count += picked[i];
      const pointBiserial = correlation(picked, rest);
      const flags: DistractorFlag[] = [];
      if (judge && !option.correct) {
        if (count === 0) flags.push('unused');
        else if (pointBiserial !== null && pointBiserial > REVIEW_LIMITS.distractorAbove) flags.push('attracts_strong');
      }
      return {
        id: option.id,
        correct: option.correct,
        count,
        share: share(count, n),
        upper_share: round(groupMean(picked, groups.upper, groups.size))!,
        lower_share: round(groupMean(picked, groups.lower, groups.size))!,
        point_biserial: round(pointBiserial),
        flags,
      };
    }),
    omitted_share: share(omitted, n),
  };
}
