import { TZDate } from '@date-fns/tz';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsOf = (text: string): [number, number, number] | null => {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 would roll over to March: it is not a date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return [year, month, day];
};

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
export const isCalendarDate = (text: string): boolean => partsOf(text) !== null;

/**
 * The first instant of a calendar day in a time zone (the schools' zone, APP_TIMEZONE), `days`
 * after the one written; a day whose midnight a clock change skips starts when it begins there.
 */
export function dayStart(text: string, timeZone: string, days = 0): Date {
  const parts = partsOf(text);
  if (!parts) throw new Error(`not a calendar date: ${text}`);
  const [year, month, day] = parts;
  return new Date(new TZDate(year, month - 1, day + days, 0, 0, 0, timeZone).getTime());
}
