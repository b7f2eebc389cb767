import type { FastifyInstance } from 'fastify';
import { finalizeAttempt, finalizeDueAttempts } from './scoring';

/** One job per started attempt, due at its deadline plus grace. */
export const ATTEMPT_DEADLINE_QUEUE = 'attempt-deadline';
/** A sweep every minute: whatever fell due without its job (a job lost with its insert) is submitted too. */
export const DEADLINE_SWEEP_QUEUE = 'attempt-deadline-sweep';

/** Schedules the automatic submission of an attempt that has just started. */
export interface DeadlineScheduler {
  schedule(attemptId: number, dueAt: Date): Promise<void>;
}

/**
 * Automatic submission at the deadline, by the job queue: an attempt's job submits it with the answers
 * it holds, marked as submitted automatically. The clock that decides is the application's; a job that
 * runs early (clocks apart, a window moved) puts itself back for the time that is left.
 */
export function defineDeadlineJobs(app: FastifyInstance): DeadlineScheduler {
  const graceMs = () => app.config.delivery.graceSeconds * 1000;
  const secondsUntil = (dueAt: Date) => (dueAt.getTime() - app.clock.now().getTime()) / 1000;
  const schedule = (attemptId: number, dueAt: Date) =>
    app.jobs.send(ATTEMPT_DEADLINE_QUEUE, { attempt_id: attemptId }, { afterSeconds: secondsUntil(dueAt) });

  app.jobs.define<{ attempt_id: number }>(ATTEMPT_DEADLINE_QUEUE, async ({ attempt_id }) => {
    const attempt = await app.db
      .selectFrom('exam_attempts')
      .select(['status', 'deadline_at'])
      .where('id', '=', attempt_id)
      .executeTakeFirst();
    if (attempt?.status !== 'in_progress') return; // submitted by the student, or erased by a reassignment
    const dueAt = new Date(new Date(attempt.deadline_at).getTime() + graceMs());
    if (secondsUntil(dueAt) > 0) return schedule(attempt_id, dueAt);
    if (await finalizeAttempt(app.db, attempt_id, app.clock.now(), { by: 'clock', graceMs: graceMs() }))
      app.log.info({ attempt: attempt_id }, 'attempt submitted at its deadline');
  });
  app.jobs.define(
    DEADLINE_SWEEP_QUEUE,
    async () => {
      const submitted = await finalizeDueAttempts(app.db, app.clock.now(), app.config.delivery.graceSeconds);
      if (submitted > 0) app.log.info({ submitted }, 'attempts past their deadline submitted by the sweep');
    },
    { every: '* * * * *' },
  );

  return {
    async schedule(attemptId, dueAt) {
      // The attempt is stored already; if its job cannot be queued, the sweep submits it.
      try {
        await schedule(attemptId, dueAt);
      } catch (error) {
        app.log.error({ err: error, attempt: attemptId }, 'scheduling the deadline job failed');
      }
    },
  };
}
