import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Assignment } from './assignment-store';

/**
 * When an assignment's results (score, pass, each skill) reach its student and school staff (issue
 * 26): a practice (mock) test at once; any other once an author or admin releases them
 * (`released_at`), or, when the assignment says `after_close`, once its window and grace period
 * are over (a job then stamps `released_at` and audits it; reads do not wait for the job).
 */
export function resultsReleased(assignment: Assignment, now: Date, graceSeconds: number): boolean {
  if (assignment.exam.is_mock || assignment.released_at !== null) return true;
  return assignment.release_mode === 'after_close' && now.getTime() > assignment.end.getTime() + graceSeconds * 1000;
}

/**
 * The same rule in SQL, over an assignment's row (`se`), its exam's (`e`) and its exam type's
 * (`et`), for the lists and exports school staff read.
 */
export function resultsReleasedSql(now: Date, graceSeconds: number): RawBuilder<boolean> {
  return sql<boolean>`(et.is_mock or se.released_at is not null or (se.release_mode = 'after_close'
    and coalesce(se.end_date_time, e.end_date_time) + make_interval(secs => ${graceSeconds}) < ${now}))`;
}

/** What a submitted attempt's student may see of the right answers. */
export type AnswersRelease = 'shown' | 'withheld' | 'never';

/**
 * The right answers and the per-question breakdown of an assignment with "show answers" are shown
 * once its results are released and nobody can answer its exam any more: every assignment of the
 * exam (every school, batch, window and localization: a key shown to one class reaches the next)
 * has closed, its grace period included, and no attempt of it is still running (a window shortened
 * after a start, or extra time, leaves that attempt its own deadline). An assignment added later
 * withholds them again until it closes too. A mock exam (a practice test, taken again at will)
 * shows them at once, as it always has; an assignment without "show answers" never does.
 */
export async function answersRelease(
  db: Db,
  assignment: Assignment,
  now: Date,
  graceSeconds: number,
): Promise<AnswersRelease> {
  if (assignment.exam.is_mock) return 'shown';
  if (!assignment.show_answers) return 'never';
  if (!resultsReleased(assignment, now, graceSeconds)) return 'withheld';
  return (await examClosedForEveryone(db, assignment.exam_id, now, graceSeconds)) ? 'shown' : 'withheld';
}

/**
 * Nobody can answer the exam any more: every assignment of it has closed, its grace included, and
 * no attempt of it still runs.
 */
async function examClosedForEveryone(db: Db, examId: number, now: Date, graceSeconds: number): Promise<boolean> {
  const { rows } = await sql<{ open: boolean }>`
    select exists (
      select 1 from student_exams se join exams e on e.id = se.exam_id
      where se.exam_id = ${examId}
        and coalesce(se.end_date_time, e.end_date_time) + make_interval(secs => ${graceSeconds}) >= ${now}
    ) or exists (
      select 1 from exam_attempts a join student_exams se on se.id = a.student_exam_id
      where se.exam_id = ${examId} and a.status = 'in_progress'
        and a.deadline_at + make_interval(secs => ${graceSeconds}) >= ${now}
    ) as open`.execute(db);
  return !rows[0]?.open;
}

/**
 * Whether an exam's right answers may have reached some student: an assignment of it shows
 * answers and is released, and the exam has closed for everyone. Then nobody may sit it again
 * (a reopening or a reset would let a student answer with the keys in hand).
 */
export async function answersShownForExam(db: Db, examId: number, now: Date, graceSeconds: number): Promise<boolean> {
  const { rows } = await sql<{ shown: boolean }>`
    select exists (
      select 1 from student_exams se join exams e on e.id = se.exam_id join exam_types et on et.id = e.exam_type_id
      where se.exam_id = ${examId} and se.show_answers and ${resultsReleasedSql(now, graceSeconds)}
    ) as shown`.execute(db);
  return rows[0]?.shown === true && (await examClosedForEveryone(db, examId, now, graceSeconds));
}
