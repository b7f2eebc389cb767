import type { Rename } from './answer-type';
import { isRecord } from './answer-input';

/*
 * Renaming the ids inside a student's answer before it is checked: answers arrive as any JSON, so
 * each helper renames only what has the expected shape and leaves the rest for validation to refuse.
 */

/** A string renamed; anything else as it is. */
export const renameString = (value: unknown, rename: Rename): unknown =>
  typeof value === 'string' ? rename(value) : value;

/** A list's strings renamed; anything but a list as it is. */
export const renameList = (value: unknown, rename: Rename): unknown =>
  Array.isArray(value) ? value.map((entry) => renameString(entry, rename)) : value;

/** A map's keys renamed, and its values with `values` when given; anything but a map as it is. */
export function renameKeys(value: unknown, rename: Rename, values?: (entry: unknown) => unknown): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [rename(key), values ? values(entry) : entry] as const),
  );
}

/** `answer[field]` replaced by `change(answer[field])` when the answer is a map holding it. */
export function renameField(answer: unknown, field: string, change: (value: unknown) => unknown): unknown {
  if (!isRecord(answer) || !Object.hasOwn(answer, field)) return answer;
  return { ...answer, [field]: change(answer[field]) };
}

/** Renames the `id` of each entry of a list. */
export const renameEach = <T extends { id: string }>(list: readonly T[], rename: Rename): T[] =>
  list.map((entry) => ({ ...entry, id: rename(entry.id) }));
