/**
 * A student's extra time (issue 26): set once on the student, in minutes, in percent of an exam's
 * duration, or both, and given by every timed exam they sit, practice tests included; an
 * assignment may override it for that exam alone (either value set there replaces both).
 */
export interface ExtraTime {
  minutes: number;
  percent: number;
}

export interface ExtraTimeColumns {
  /** The assignment's override (null when it has none). */
  extra_time_minutes: number | null;
  extra_time_percent: number | null;
  /** The student's own accommodation. */
  student_extra_minutes: number;
  student_extra_percent: number;
}

export function extraTimeOf(row: ExtraTimeColumns): ExtraTime {
  const overridden = row.extra_time_minutes !== null || row.extra_time_percent !== null;
  return overridden
    ? { minutes: row.extra_time_minutes ?? 0, percent: row.extra_time_percent ?? 0 }
    : { minutes: row.student_extra_minutes ?? 0, percent: row.student_extra_percent ?? 0 };
}

/**
 * The seconds the extra time adds to an exam of `durationMinutes`. A percentage gives whole minutes,
 * rounded up (25% of 30 minutes is 8 minutes, never 7 or 7:30): the one rule the clock, the start
 * page and the monitor all show, since each shows these seconds (issue 41).
 */
export const extraSecondsOf = (extra: ExtraTime, durationMinutes: number): number =>
  extra.minutes * 60 + Math.ceil(Math.round(durationMinutes * extra.percent) / 100) * 60;
