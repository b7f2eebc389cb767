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

/**
 * Whether an answer holds anything the student chose or wrote: a non-blank text, a choice (true or
 * false included), or a list or object holding one. Blank parts do not count, nor does a number alone
 * (a recording's length without the recording). Kept free of the answer types' schemas (zod) so the
 * student's download stays small; the server validates each answer by its type.
 */
export function hasContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasContent);
  if (value && typeof value === 'object') return Object.values(value).some(hasContent);
  return false;
}

/** Whether a question has an answer (blank parts do not count). */
export const isAnswered = (answer: unknown): boolean => hasContent(answer);
