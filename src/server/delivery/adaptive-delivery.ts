import { z } from 'zod';
import { idValue } from '../../common/ids';
import { ValidationIssues } from '../http/app-error';
import type { PreparedQuestion } from '../exams';
import { runningTarget } from './answer-save';
import { saveAnswerBatch, seqValue, type SaveContext } from './answer-batch';
import { deliveryRefusal } from './refusals';
import { adaptiveExam } from '../scales';
import { advanceTest, currentStep, readProgress, sentCategory, type Step } from './adaptive-progress';
import { keepProgress, keptProgress, type KeptProgress } from './adaptive-memory';

/** `POST /student/exams/{id}/next`: the answer to the current question, confirmed, with its seq. */
export const nextBody = z.strictObject({
  attempt_id: idValue(),
  question_id: idValue(),
  answer: z.unknown().describe("The answer, in the shape of its question's answer type"),
  seq: seqValue(),
});
export type NextBody = z.output<typeof nextBody>;

/** The administered questions in the order given (an adaptive attempt's view). */
export function administered(prepared: PreparedQuestion[], steps: Step[]): PreparedQuestion[] {
  const byId = new Map(prepared.map((p) => [p.id, p]));
  return steps.flatMap((step, index) => {
    const question = byId.get(step.exam_question_id);
    return question ? [{ ...question, position: index + 1 }] : [];
  });
}

/**
 * `POST .../next`: the student confirms their answer to the question they are on; it is saved as
 * any save is (the seq rule, the deadline and grace, the group commit), then the ability is
 * measured again and the next question chosen, or the test ends. A repeat of a confirmation already
 * taken (a retry after the network dropped, a second tab) changes nothing and answers where the
 * test stands. 418 for a fixed-form exam; 422 for a question the student is not on.
 */
export async function confirmAnswer(context: SaveContext, userId: number, assignmentId: number, body: NextBody) {
  const { db, now, graceMs } = context;
  const target = await runningTarget(db, userId, assignmentId, body.attempt_id, now, graceMs);
  const exam = await adaptiveExam(db, target.examId);
  if (!exam) throw deliveryRefusal.notAdaptive();
  // What this process kept of the attempt, read again when it does not match (another server moved it on).
  const kept = keptProgress(db, target.attemptId);
  const progress: KeptProgress =
    kept && currentStep(kept)?.exam_question_id === body.question_id
      ? kept
      : { ...(await readProgress(db, target.attemptId)), categories: kept?.categories ?? new Map() };
  const current = currentStep(progress);
  const given = progress.steps.some((step) => step.exam_question_id === body.question_id);
  if (current?.exam_question_id !== body.question_id) {
    if (!given)
      throw new ValidationIssues([{ path: ['question_id'], message: 'delivery.errors.adaptive_not_current' }]);
    // Taken already: where the test stands, with the answer the server holds.
    const [stored, attempt] = await Promise.all([
      db
        .selectFrom('attempt_answers')
        .select('seq')
        .where('attempt_id', '=', target.attemptId)
        .where('question_id', '=', body.question_id)
        .executeTakeFirst(),
      db
        .selectFrom('exam_attempts')
        .select(['deadline_at', 'extra_seconds'])
        .where('id', '=', target.attemptId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      target,
      progress,
      saved: {
        saved: stored ? [{ question_id: body.question_id, seq: stored.seq }] : [],
        server_time: now.toISOString(),
        deadline_at: new Date(attempt.deadline_at).toISOString(),
        extra_seconds: attempt.extra_seconds,
      },
    };
  }
  const saved = await saveAnswerBatch(
    context,
    userId,
    assignmentId,
    {
      attempt_id: body.attempt_id,
      answers: [{ question_id: body.question_id, answer: body.answer, seq: body.seq }],
    },
    // The question is the one the student is on: checked above.
    { adaptiveChecked: true },
  );
  const attempt = { id: target.attemptId, seed: target.seed };
  // The answer sent counts when it is the one stored (a newer save of the question is read instead).
  const known = new Map(progress.categories);
  known.delete(body.question_id);
  if (saved.saved.some((s) => s.question_id === body.question_id && s.seq === body.seq))
    known.set(body.question_id, sentCategory(exam, target.seed, body.question_id, body.answer));
  const advanced = await advanceTest(db, exam, attempt, progress.steps, known);
  keepProgress(db, target.attemptId, advanced);
  return { target, progress: advanced, saved };
}
