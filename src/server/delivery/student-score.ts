import { readScoreCells } from '../../common/correction/index';
import type { AttemptRow } from './assignment-store';

const number = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * A submitted attempt's score as its student reads it once the results are released (issue 41):
 * once every answer is marked, the final points (30 of 33) and the mark on the exam's scale (36 of
 * 40, a whole number: `reportedMark`) with its pass; until then the points the automatic scoring
 * gave, with `marked: false` so the page says a teacher is still marking. The same figures the
 * correction screen, the reports and the results export show.
 */
export function studentScore(attempt: AttemptRow, maxMark: number) {
  const marked = attempt.result_score !== null && attempt.result_max !== null && attempt.result_mark !== null;
  return {
    score: number(marked ? attempt.result_score : attempt.score),
    max_score: number(marked ? attempt.result_max : attempt.max_score),
    mark: marked ? Number(attempt.result_mark) : null,
    max_mark: marked ? maxMark : null,
    passed: marked ? attempt.result_passed : null,
    marked,
  };
}

/** Each question's final points once every answer is marked (a teacher's marks included), else null. */
export function markedQuestionScores(attempt: AttemptRow): Map<number, number> | null {
  if (attempt.result_score === null || attempt.item_scores === null) return null;
  const scores = new Map<number, number>();
  readScoreCells(attempt.item_scores, (question, score) => scores.set(question, score));
  return scores;
}
