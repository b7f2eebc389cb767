import { sql } from 'kysely';
import { z } from 'zod';
import { idValue } from '../../common/ids';
import type { HeartbeatAnswer } from '../../common/contracts/index';
import type { Db, RunPrepared } from '../db/database';
import { notFound } from '../http/app-error';
import { studentIdOf } from './assignment-store';
import { notePresence } from './presence';
import { finalizeAttempt } from './scoring';

/** `POST /student/exams/{id}/heartbeat`: the player's attempt, and the answers its computer keeps unsent. */
export const heartbeatBody = z.strictObject({
  attempt_id: idValue(),
  unsent: z.number().int().min(0).max(100_000),
});
export type HeartbeatBody = z.output<typeof heartbeatBody>;

export interface HeartbeatContext {
  db: Db;
  runPrepared: RunPrepared;
  now: Date;
  graceMs: number;
}

/**
 * A running player's light heartbeat (issue 26): it tells the monitor the computer is online and
 * how many answers it keeps unsent, and answers what a supervisor may have changed since the
 * player loaded: the deadline (extra time), a submission by a supervisor, a reset (another attempt,
 * or none) or a reopening. One prepared read of the assignment's latest attempt; the presence is
 * only noted in memory (presence.ts).
 */
export async function heartbeat(context: HeartbeatContext, userId: number, assignmentId: number, body: HeartbeatBody) {
  const { db, runPrepared, now, graceMs } = context;
  const statement = sql<{
    attempt_id: number | null;
    status: 'in_progress' | 'submitted' | null;
    deadline_at: Date | null;
    extra_seconds: number | null;
    auto_submitted: boolean | null;
    forced: boolean | null;
  }>`
    select a.id as attempt_id, a.status, a.deadline_at, a.extra_seconds, a.auto_submitted, a.forced
    from students s
    join student_exams se on se.student_id = s.id
    left join lateral (
      select id, status, deadline_at, extra_seconds, auto_submitted, forced_by is not null as forced
      from exam_attempts where student_exam_id = se.id order by number desc limit 1
    ) a on true
    where s.user_id = ${userId} and se.id = ${assignmentId}`.compile(db);
  const row = (await runPrepared('ltm_heartbeat', statement)).rows[0];
  if (!row) {
    await studentIdOf(db, userId); // 403 for an account that is not a student's
    throw notFound();
  }
  let status = row.status;
  const deadline = row.deadline_at === null ? null : new Date(row.deadline_at);
  if (status === 'in_progress' && deadline && now.getTime() > deadline.getTime() + graceMs) {
    // As any read of an attempt past its deadline and grace: submitted by the clock first (unless a
    // supervisor extended it meanwhile: then the next heartbeat tells the new deadline).
    if (await finalizeAttempt(db, row.attempt_id!, now, { by: 'clock', graceMs })) status = 'submitted';
  } else if (status === 'in_progress' && row.attempt_id === body.attempt_id)
    notePresence(db, row.attempt_id, now, { unsent: body.unsent });
  const answer: HeartbeatAnswer = {
    attempt_id: row.attempt_id,
    status: status ?? 'none',
    deadline_at: deadline?.toISOString() ?? null,
    extra_seconds: row.extra_seconds ?? 0,
    auto_submitted: status === 'submitted' && row.status !== 'submitted' ? true : (row.auto_submitted ?? false),
    forced: row.forced ?? false,
    server_time: now.toISOString(),
  };
  return answer;
}
