/*
 * Reading a student's answer before its schema does: answers arrive as arbitrary JSON, so these
 * helpers look only at own properties of plain objects and never trust a prototype.
 */

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 6;

/** A plain JSON object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An own property of a plain object, or undefined. */
export function ownField(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Whether a value is missing: undefined or null. */
export const isNothing = (value: unknown): boolean => value === undefined || value === null;

/**
 * Whether an answer says nothing: null, or an object with no keys but `keys` whose `key` is
 * missing or `blank`. An object with other keys is not empty: it is some other answer.
 */
export function isBlankAnswer(
  value: unknown,
  key: string,
  blank: (field: unknown) => boolean,
  keys: readonly string[] = [key],
): boolean {
  if (isNothing(value)) return true;
  if (!isRecord(value) || Object.keys(value).some((k) => !keys.includes(k))) return false;
  const field = ownField(value, key);
  return isNothing(field) || blank(field);
}

/** An empty string or an empty list. */
export const isBlankValue = (field: unknown): boolean => field === '' || (Array.isArray(field) && field.length === 0);

/** A map whose values are all missing or blank strings. */
export const isBlankMapValue = (field: unknown): boolean =>
  isRecord(field) && Object.values(field).every((v) => isNothing(v) || (typeof v === 'string' && v.trim() === ''));

/** Whether `value` is empty with its answer in `value[key]` (see `isBlankAnswer`). */
export const isBlankField = (value: unknown, key: string): boolean => isBlankAnswer(value, key, isBlankValue);

/** Whether `value` is empty with its answer in the map `value[key]` (see `isBlankAnswer`). */
export const isBlankMap = (value: unknown, key: string): boolean => isBlankAnswer(value, key, isBlankMapValue);

/**
 * Whether an answer holds keys that could reach an object's prototype, or nests deeper than
 * any answer shape does; such an answer is refused whole.
 */
export function hasUnsafeKeys(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => hasUnsafeKeys(item, depth + 1));
  return Object.keys(value).some(
    (key) => UNSAFE_KEYS.has(key) || hasUnsafeKeys((value as Record<string, unknown>)[key], depth + 1),
  );
}

/** Whether every key of `map` is in `allowed`. */
export const keysWithin = (map: Record<string, unknown>, allowed: ReadonlySet<string>): boolean =>
  Object.keys(map).every((key) => allowed.has(key));
