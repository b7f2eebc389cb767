import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/**
 * One person never holds both halves of an anonymous exam's join while its marking is open: the
 * marks by code (a sheet), and the students by name beside what their attempts did (the monitor's
 * statuses, times and progress, the named results, a student's exams with their times). Whichever
 * half a person takes first, the other is refused them: a marker is refused the named views, and a
 * reader of the named views is recorded (`anonymous_identity_readers`) and refused the marking.
 */

/** Marking is open: an attempt is still being sat or waits for a mark, or an assignment may still be started. */
const markingOpen = (examId: number, now: Date) => sql<boolean>`(
  exists (
    select 1 from student_exams se join exam_attempts a on a.student_exam_id = se.id
    where se.exam_id = ${examId}
      and (a.status = 'in_progress' or (a.needs_correction and a.marking_final < a.marking_total))
  ) or exists (
    select 1 from student_exams se join exams e on e.id = se.exam_id
    where se.exam_id = ${examId} and se.started_at is null
      and coalesce(se.end_date_time, e.end_date_time) > ${now}
  ))`;

/** Where `readerId` stands on exam `examId`: whether its anonymous marking is open, and whether they hold a sheet. */
async function standing(db: Db, readerId: number, examId: number, now: Date) {
  const { rows } = await sql<{ open: boolean; holds: boolean }>`
    select
      coalesce((select e.anonymous_marking from exams e where e.id = ${examId}), false)
        and ${markingOpen(examId, now)} as open,
      exists (
        select 1 from student_exams se
        join exam_attempts a on a.student_exam_id = se.id
        join correction_sheets cs on cs.attempt_id = a.id and cs.marker_id = ${readerId}
        where se.exam_id = ${examId}
      ) as holds`.execute(db);
  return { open: rows[0]?.open === true, holds: rows[0]?.holds === true };
}

/** Records that `readerId` read exam `examId`'s students by name while its anonymous marking was open. */
async function recordReadByName(db: Db, readerId: number, examId: number, now: Date): Promise<void> {
  await db
    .insertInto('anonymous_identity_readers')
    .values({ exam_id: examId, user_id: readerId, first_read_at: now })
    .onConflict((oc) => oc.columns(['exam_id', 'user_id']).doNothing())
    .execute();
}

/** Whether `readerId` marks exam `examId` anonymously while its marking is open (holds a sheet on it). */
export async function marksAnonymously(db: Db, readerId: number, examId: number, now: Date): Promise<boolean> {
  const { open, holds } = await standing(db, readerId, examId, now);
  return open && holds;
}

/**
 * Before a named view of exam `examId` (its monitor, interventions, extra time, release, results
 * export): refused (403) to whoever marks it anonymously while its marking is open; anyone else
 * reading it then is recorded, and may no longer mark it anonymously.
 */
export async function readByName(db: Db, readerId: number, examId: number, now: Date): Promise<void> {
  const { open, holds } = await standing(db, readerId, examId, now);
  if (!open) return;
  if (holds) throw new AppError(403, 'correction.errors.anonymous_marker');
  await recordReadByName(db, readerId, examId, now);
}

/**
 * Of `examIds` shown by name (a student's exams, their profile), those `readerId` marks anonymously
 * while their marking is open: shown veiled. The other anonymous exams whose marking is open are
 * read by name, and recorded as such (see `readByName`).
 */
export async function veiledExams(db: Db, readerId: number | null, examIds: number[], now: Date): Promise<Set<number>> {
  const veiled = new Set<number>();
  if (readerId === null || examIds.length === 0) return veiled;
  const anonymous = await db
    .selectFrom('exams')
    .select('id')
    .where('anonymous_marking', '=', true)
    .where('id', 'in', examIds)
    .execute();
  for (const { id } of anonymous) {
    const { open, holds } = await standing(db, readerId, id, now);
    if (!open) continue;
    if (holds) veiled.add(id);
    else await recordReadByName(db, readerId, id, now);
  }
  return veiled;
}

/** Refuses (403) the marking of exam `examId` to whoever read its students by name while its anonymous marking was open. */
export async function refuseNamedReader(db: Db, readerId: number, examId: number): Promise<void> {
  const found = await db
    .selectFrom('anonymous_identity_readers')
    .select('exam_id')
    .where('exam_id', '=', examId)
    .where('user_id', '=', readerId)
    .executeTakeFirst();
  if (found) throw new AppError(403, 'correction.errors.read_by_name');
}
