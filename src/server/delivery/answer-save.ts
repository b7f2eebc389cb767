import { sql } from 'kysely';
import type { Db } from '../db/database';
import { perDatabase } from '../db/per-database';
import { notFound } from '../http/app-error';
import { studentIdOf } from './assignment-store';
import { deliveryRefusal } from './refusals';
import { finalizeAttempt } from './scoring';

/**
 * The answer save's database work in as few round trips as the guarantees allow (issue 12: it is
 * the call every student makes every few seconds): which attempt is running from memory (or one
 * query), the exam's answer keys from memory, and the save itself in one statement.
 */

export interface SaveTarget {
  examId: number;
  attemptId: number;
  /** The attempt's secret seed: its shuffles and the answer-part ids its student sees. */
  seed: string;
  deadlineAt: Date;
}

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The running attempt of the signed-in student's assignment: 404 for an assignment that is not
 * theirs, 403 for an account that is not a student's, 418 when it is not running (an attempt past
 * its deadline and grace is submitted here first, as any read of it does).
 */
export async function saveTarget(db: Db, userId: number, assignmentId: number, now: Date, graceMs: number) {
  const { rows } = await sql<{
    exam_id: number;
    attempt_id: number | null;
    status: string | null;
    seed: string | null;
    deadline_at: Date | null;
    auto_submitted: boolean | null;
  }>`
    select se.exam_id, a.id as attempt_id, a.status, a.seed, a.deadline_at, a.auto_submitted
    from students s
    join student_exams se on se.student_id = s.id
    left join lateral (
      select id, status, seed, deadline_at, auto_submitted from exam_attempts
      where student_exam_id = se.id order by number desc limit 1
    ) a on true
    where s.user_id = ${userId} and se.id = ${assignmentId}`.execute(db);
  const row = rows[0];
  if (!row) {
    await studentIdOf(db, userId); // 403 for an account that is not a student's
    throw notFound();
  }
  if (row.attempt_id === null || row.deadline_at === null) throw deliveryRefusal.notStarted();
  if (row.status !== 'in_progress')
    throw row.auto_submitted ? deliveryRefusal.deadlinePassed() : deliveryRefusal.alreadySubmitted();
  const deadlineAt = new Date(row.deadline_at);
  if (now.getTime() > deadlineAt.getTime() + graceMs) {
    if (await finalizeAttempt(db, row.attempt_id, now, { by: 'clock', graceMs }))
      throw deliveryRefusal.deadlinePassed();
    // Not submitted by the clock after all: a supervisor extended it meanwhile. As it stands now:
    return saveTarget(db, userId, assignmentId, now, graceMs);
  }
  return { examId: row.exam_id, attemptId: row.attempt_id, seed: row.seed!, deadlineAt } satisfies SaveTarget;
}

export interface QuestionKey {
  answer_type: string;
  answer_key: unknown;
}

const KEYS_TTL_MS = 60_000;

const keysCaches = perDatabase(() => new Map<number, { at: number; keys: Promise<Map<number, QuestionKey>> }>());

/**
 * An exam's questions with their types and keys, kept a minute in memory: an exam with a running
 * attempt cannot be unpublished or edited (418), so they do not change under a student's feet.
 * Saves arriving together wait for the same read: when the minute is up in the middle of an exam,
 * hundreds of saves a second must not each read the keys (that queue held the first saves of a
 * 3,000-student run for 3 s).
 */
export function examQuestionKeys(db: Db, examId: number, nowMs = Date.now()): Promise<Map<number, QuestionKey>> {
  const keysCache = keysCaches(db);
  const cached = keysCache.get(examId);
  if (cached && nowMs - cached.at < KEYS_TTL_MS && nowMs >= cached.at) return cached.keys;
  if (keysCache.size > 1000) keysCache.clear();
  const keys = db
    .selectFrom('exam_questions')
    .select(['id', 'answer_type', 'answer_key'])
    .where('exam_id', '=', examId)
    .execute()
    .then((rows) => new Map(rows.map((q) => [q.id, { answer_type: q.answer_type, answer_key: json(q.answer_key) }])));
  keysCache.set(examId, { at: nowMs, keys });
  keys.catch(() => {
    if (keysCache.get(examId)?.keys === keys) keysCache.delete(examId);
  });
  return keys;
}

const ASSIGNMENTS_MAX = 100_000;
const runningTargets = perDatabase(() => new Map<string, SaveTarget>());

/**
 * Told by a start or a resume (which checked the assignment is the user's) of a running attempt:
 * the saves that follow need no lookup before their answers are read.
 */
export function rememberRunningAttempt(db: Db, userId: number, assignmentId: number, target: SaveTarget): void {
  const targets = runningTargets(db);
  if (targets.size >= ASSIGNMENTS_MAX) targets.clear();
  targets.set(`${userId}:${assignmentId}`, target);
}

/** Forgets a kept attempt (submitted, refused, replaced): the next save looks it up again. */
export function forgetRunningAttempt(db: Db, userId: number, assignmentId: number): void {
  runningTargets(db).delete(`${userId}:${assignmentId}`);
}

/**
 * The running attempt a save goes to, before anything about its answers is read, so a save to an
 * assignment that is not running answers the same whatever questions it names (issue 23): kept in
 * memory when this process has seen it running and it is within its deadline and grace, otherwise
 * looked up (404, 403 or 418). `attemptId`: the attempt the client answered in, when it says; an
 * earlier one is refused (418). What is kept can only be stale in the direction of a refusal that
 * comes later: `storeAnswers` checks again that the attempt is the caller's and running, and a
 * refused batch is checked again before its 422 is given.
 */
export async function runningTarget(
  db: Db,
  userId: number,
  assignmentId: number,
  attemptId: number | null,
  now: Date,
  graceMs: number,
): Promise<SaveTarget> {
  const kept = runningTargets(db).get(`${userId}:${assignmentId}`);
  if (
    kept &&
    attemptId !== null &&
    kept.attemptId === attemptId &&
    now.getTime() <= kept.deadlineAt.getTime() + graceMs
  )
    return kept;
  forgetRunningAttempt(db, userId, assignmentId);
  const target = await saveTarget(db, userId, assignmentId, now, graceMs);
  if (attemptId !== null && target.attemptId !== attemptId) throw deliveryRefusal.attemptReplaced();
  rememberRunningAttempt(db, userId, assignmentId, target);
  return target;
}
