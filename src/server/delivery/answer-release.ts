import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Assignment } from './assignment-store';

/** What a submitted attempt's student may see of the right answers. */
export type AnswersRelease = 'shown' | 'withheld' | 'never';

/**
 * The right answers and the per-question breakdown of an assignment with "show answers" are shown
 * once nobody can answer its exam any more: every assignment of the exam (every school, batch,
 * window and localization: a key shown to one class reaches the next) has closed, its grace period
 * included, and no attempt of it is still running (a window shortened after a start leaves that
 * attempt its own deadline). An assignment added later withholds them again until it closes too.
 * The score alone is shown at once. A mock exam (a practice test, taken again at will) shows them
 * at once, as it always has; an assignment without "show answers" never does.
 */
export async function answersRelease(
  db: Db,
  assignment: Assignment,
  now: Date,
  graceSeconds: number,
): Promise<AnswersRelease> {
  if (assignment.exam.is_mock) return 'shown';
  if (!assignment.show_answers) return 'never';
  const { rows } = await sql<{ open: boolean }>`
    select exists (
      select 1 from student_exams se join exams e on e.id = se.exam_id
      where se.exam_id = ${assignment.exam_id}
        and coalesce(se.end_date_time, e.end_date_time) + make_interval(secs => ${graceSeconds}) >= ${now}
    ) or exists (
      select 1 from exam_attempts a join student_exams se on se.id = a.student_exam_id
      where se.exam_id = ${assignment.exam_id} and a.status = 'in_progress'
        and a.deadline_at + make_interval(secs => ${graceSeconds}) >= ${now}
    ) as open`.execute(db);
  return rows[0]?.open ? 'withheld' : 'shown';
}
