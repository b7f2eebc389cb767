/** Durations and clocks in the reader's locale (Arabic gets its own digits and plural forms from Intl). */

const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second', locale: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);

/** "1 hour, 5 minutes"; under a minute, the seconds. */
export function formatDuration(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return unit(seconds, 'second', locale);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts: string[] = [];
  if (days) parts.push(unit(days, 'day', locale));
  if (hours) parts.push(unit(hours, 'hour', locale));
  if (minutes && !days) parts.push(unit(minutes, 'minute', locale));
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}

export const formatMinutes = (minutes: number, locale: string) => unit(minutes, 'minute', locale);

/** A countdown clock: "1:04:09" or "04:09", in the locale's digits. */
export function formatClock(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const hours = Math.floor(seconds / 3600);
  const rest = [Math.floor((seconds % 3600) / 60), seconds % 60].map((part) => two.format(part));
  return (hours ? [new Intl.NumberFormat(locale).format(hours), ...rest] : rest).join(':');
}

export const formatCount = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);

/** Exam names come in both languages; the reader's wins, the other fills a blank. */
export function nameIn(record: { name_en: string; name_ar: string }, locale: string): string {
  return (locale === 'ar' ? record.name_ar || record.name_en : record.name_en || record.name_ar) ?? '';
}
