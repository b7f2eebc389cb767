import { getStoredLanguage } from './language';

/** Numbers in the reader's locale (Arabic gets Arabic-Indic digits where Intl uses them). */
export function formatNumber(value: number, language = getStoredLanguage()): string {
  return new Intl.NumberFormat(language).format(value);
}

/**
 * A statistic in the reader's language, with at most `digits` decimals (at least `fixed`: a target
 * of 0.30 keeps its zero); a dash when it cannot be computed.
 */
export function formatStatistic(value: number | null, language: string, digits = 2, fixed = 0): string {
  if (value === null) return '—';
  const text = new Intl.NumberFormat(language, {
    minimumFractionDigits: Math.min(fixed, digits),
    maximumFractionDigits: digits,
  }).format(value);
  // A negative figure read in Arabic keeps its sign before its digits (the minus is weak: isolated
  // left to right, "-0.21" would show as "0.21-" in a right-to-left line).
  return value < 0 ? `\u2066${text}\u2069` : text;
}

/** A share (0 to 1) as a percentage with at most `digits` decimals; a dash when it cannot be computed. */
export function formatShare(value: number | null, language: string, digits = 0): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: digits }).format(value);
}

/**
 * Date-times travel as `YYYY-MM-DD HH:mm:ss` or ISO 8601; a space-separated value is read
 * as an ISO local time because `Date` parsing of that form is not portable across browsers.
 */
export function parseDateTime(value: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(value: string | null | undefined, language = getStoredLanguage()): string {
  const date = value ? parseDateTime(value) : null;
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A few names as one phrase in the reader's language ("A, B and C", "أ وب وج"). */
export function formatList(values: string[], language = getStoredLanguage()): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(values);
}

/** A calendar day ("2025-06-30") in the reader's language, never shifted by a time zone. */
export function formatDay(value: string, language = getStoredLanguage()): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
