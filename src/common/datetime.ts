import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';

/** The wire format of date-times the spec writes as `YYYY-MM-DD HH:mm:ss` (SPEC section 3, Exam). */
export const WALL_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time names in a time zone (the schools' zone, APP_TIMEZONE):
 * "2026-12-01 09:00:00" in Asia/Dubai is 05:00 UTC. Null when the text is not a real date-time.
 */
export function parseWallTime(text: string, timeZone: string): Date | null {
  const m = WALL_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const date = new TZDate(year, month - 1, day, hour, minute, second, timeZone);
  // 2026-02-30 rolls over to March: refuse it instead of moving the date.
  if (!isValid(date) || date.getMonth() !== month - 1 || date.getDate() !== day || date.getHours() !== hour)
    return null;
  return new Date(date.getTime());
}

/** The wall-clock text of an instant in a time zone. */
export function formatWallTime(instant: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), WALL_TIME_FORMAT);
}
