import { permissionFor } from '../../common/permissions';
import { AREAS } from '../../common/permission-catalog';
import type { Db } from '../db/database';
import { holdsPermission } from '../auth';

/** Granting or changing a student's accommodation (issue 39): a permission of its own. */
export const ACCOMMODATE = permissionFor(AREAS.accommodations, 'edit');

/** A student's accommodation: extra time in percent of an exam's duration and in minutes, and why. */
export interface Accommodation {
  extra_time_percent: number;
  extra_time_minutes: number;
  extra_time_reason: string | null;
}

export const NO_ACCOMMODATION: Accommodation = {
  extra_time_percent: 0,
  extra_time_minutes: 0,
  extra_time_reason: null,
};

const reasonOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The accommodation of a record (a body or a stored row), absent values as none. */
export const accommodationOf = (record: Record<string, unknown>): Accommodation => ({
  extra_time_percent: Number(record.extra_time_percent ?? 0) || 0,
  extra_time_minutes: Number(record.extra_time_minutes ?? 0) || 0,
  extra_time_reason: reasonOf(record.extra_time_reason),
});

export const sameAccommodation = (a: Accommodation, b: Accommodation): boolean =>
  a.extra_time_percent === b.extra_time_percent &&
  a.extra_time_minutes === b.extra_time_minutes &&
  a.extra_time_reason === b.extra_time_reason;

/** Extra time is given with its reason. */
export const lacksReason = (a: Accommodation): boolean =>
  (a.extra_time_percent > 0 || a.extra_time_minutes > 0) && a.extra_time_reason === null;

/** Whether user `userId` holds the accommodation permission now (an import's job asks at its run). */
export const mayAccommodate = (db: Db, userId: number): Promise<boolean> => holdsPermission(db, userId, ACCOMMODATE);

/** A roster row's extra time and reason as an import writes them, and the problems by column. */
export interface PlannedAccommodation {
  extra_time_percent: number;
  extra_time_reason: string | null;
  problems: { column: 'extra_time_percent' | 'extra_time_reason'; key: string; params?: Record<string, number> }[];
}

/**
 * A roster row's accommodation: a blank cell keeps what the student has (none for a new student),
 * so a file without the columns changes no one's extra time; a blank reason keeps the student's
 * while their extra time stays. Extra time needs its reason, and giving or changing it needs the
 * accommodation permission (`may`).
 */
export function plannedAccommodation(
  percentCell: string,
  reasonCell: string,
  current: Accommodation | undefined,
  may: boolean,
): PlannedAccommodation {
  const was = current ?? NO_ACCOMMODATION;
  const percent = percentCell === '' ? was.extra_time_percent : Number(percentCell);
  const reason = reasonCell !== '' ? reasonCell : percent === was.extra_time_percent ? was.extra_time_reason : null;
  const problems: PlannedAccommodation['problems'] = [];
  if (reason !== null && reason.length > 500)
    problems.push({ column: 'extra_time_reason', key: 'roster.errors.too_long', params: { max: 500 } });
  if (lacksReason({ ...was, extra_time_percent: percent, extra_time_reason: reason }))
    problems.push({ column: 'extra_time_reason', key: 'roster.errors.extra_time_reason_required' });
  const changed = percent !== was.extra_time_percent || reason !== was.extra_time_reason;
  if (changed && !may) problems.push({ column: 'extra_time_percent', key: 'roster.errors.accommodation_not_allowed' });
  return { extra_time_percent: percent, extra_time_reason: reason, problems };
}
