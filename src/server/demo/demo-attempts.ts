import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { finalizeAttempt } from '../delivery';

/**
 * A demo attempt as delivery stores it: started at `started`, its answers (question id -> answer)
 * saved, then submitted after `minutes` by delivery's own scoring (what a human marks waits).
 */
export async function sitAttempt(
  db: Db,
  assignmentId: number,
  started: Date,
  answers: { question_id: number; answer: unknown }[],
  minutes = 20,
): Promise<number> {
  const attempt = await db
    .insertInto('exam_attempts')
    .values({
      student_exam_id: assignmentId,
      number: 1,
      seed: randomBytes(8).toString('hex'),
      started_at: started,
      deadline_at: new Date(started.getTime() + 45 * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('attempt_answers')
    .values(
      answers.map((a) => ({
        attempt_id: attempt.id,
        question_id: a.question_id,
        seq: 1,
        saved_at: started,
        answer: JSON.stringify(a.answer),
      })),
    )
    .execute();
  await db
    .updateTable('student_exams')
    .set({ status: 'in_progress', started_at: started })
    .where('id', '=', assignmentId)
    .execute();
  await finalizeAttempt(db, attempt.id, new Date(started.getTime() + minutes * 60_000), { by: 'student' });
  return attempt.id;
}
