import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/**
 * Whether `readerId` marks exam `examId` anonymously while its marking is open: the exam is marked
 * anonymously, the reader holds a sheet on one of its attempts, and an attempt is still being sat,
 * still waits for a mark, or an assignment may still be started. Such a reader must not read what
 * names the students beside what the attempts did (the monitor's statuses, times and progress, the
 * named results): any of it could join a code to a person.
 */
export async function marksAnonymously(db: Db, readerId: number, examId: number, now: Date): Promise<boolean> {
  const { rows } = await sql<{ open: boolean }>`
    select exists (
      select 1 from exams e
      join student_exams se on se.exam_id = e.id
      join exam_attempts a on a.student_exam_id = se.id
      join correction_sheets cs on cs.attempt_id = a.id and cs.marker_id = ${readerId}
      where e.id = ${examId} and e.anonymous_marking
    ) and (
      exists (
        select 1 from student_exams se join exam_attempts a on a.student_exam_id = se.id
        where se.exam_id = ${examId}
          and (a.status = 'in_progress' or (a.needs_correction and a.marking_final < a.marking_total))
      ) or exists (
        select 1 from student_exams se join exams e on e.id = se.exam_id
        where se.exam_id = ${examId} and se.started_at is null
          and coalesce(se.end_date_time, e.end_date_time) > ${now}
      )
    ) as open`.execute(db);
  return rows[0]?.open === true;
}

/** Refuses (403) a reader who marks the exam anonymously while its marking is open. */
export async function refuseAnonymousMarker(db: Db, readerId: number, examId: number, now: Date): Promise<void> {
  if (await marksAnonymously(db, readerId, examId, now)) throw new AppError(403, 'correction.errors.anonymous_marker');
}

/**
 * Of `examIds`, those `readerId` marks anonymously while their marking is open (see
 * `marksAnonymously`): one query for a list's exams.
 */
export async function veiledExams(db: Db, readerId: number | null, examIds: number[], now: Date): Promise<Set<number>> {
  if (readerId === null || examIds.length === 0) return new Set();
  const candidates = await db
    .selectFrom('correction_sheets as cs')
    .innerJoin('exam_attempts as a', 'a.id', 'cs.attempt_id')
    .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
    .innerJoin('exams as e', 'e.id', 'se.exam_id')
    .select('e.id')
    .distinct()
    .where('cs.marker_id', '=', readerId)
    .where('e.anonymous_marking', '=', true)
    .where('e.id', 'in', examIds)
    .execute();
  const veiled = new Set<number>();
  for (const { id } of candidates) if (await marksAnonymously(db, readerId, id, now)) veiled.add(id);
  return veiled;
}
