import { ANSWER_TYPES } from '../../../common/questions';
import type { AttemptView } from '../api';

export type StudentQuestion = AttemptView['questions'][number];

/** The questions' indexes page by page: `perPage` each, or all on one page when it is 0. */
export function paginate(count: number, perPage: number): number[][] {
  const size = perPage > 0 ? perPage : Math.max(count, 1);
  const pages: number[][] = [];
  for (let start = 0; start < count; start += size)
    pages.push(Array.from({ length: Math.min(size, count - start) }, (_, i) => start + i));
  return pages.length ? pages : [[]];
}

/** Whether a question has an answer, by its kind's own rule (blank parts do not count). */
export function isAnswered(question: StudentQuestion, answer: unknown): boolean {
  const type = ANSWER_TYPES[question.answer_type];
  return answer !== undefined && answer !== null && !(type?.isEmpty(answer) ?? false);
}
