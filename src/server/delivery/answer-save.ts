import { sql } from 'kysely';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { studentIdOf } from './assignment-store';
import { deliveryRefusal } from './refusals';
import { finalizeAttempt } from './scoring';

/**
 * The answer save's database work in as few round trips as the guarantees allow (issue 12: it is
 * the call every student makes every few seconds): who saves to which attempt in one query, the
 * exam's answer keys from memory, and the save itself in one statement.
 */

export interface SaveTarget {
  examId: number;
  attemptId: number;
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
    deadline_at: Date | null;
    auto_submitted: boolean | null;
  }>`
    select se.exam_id, a.id as attempt_id, a.status, a.deadline_at, a.auto_submitted
    from students s
    join student_exams se on se.student_id = s.id
    left join lateral (
      select id, status, deadline_at, auto_submitted from exam_attempts
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
    await finalizeAttempt(db, row.attempt_id, now, true);
    throw deliveryRefusal.deadlinePassed();
  }
  return { examId: row.exam_id, attemptId: row.attempt_id, deadlineAt } satisfies SaveTarget;
}

export interface QuestionKey {
  answer_type: string;
  answer_key: unknown;
}

const KEYS_TTL_MS = 60_000;
const keysCache = new Map<number, { at: number; keys: Map<number, QuestionKey> }>();

/**
 * An exam's questions with their types and keys, kept a minute in memory: an exam with a running
 * attempt cannot be unpublished or edited (418), so they do not change under a student's feet.
 */
export async function examQuestionKeys(db: Db, examId: number, nowMs = Date.now()): Promise<Map<number, QuestionKey>> {
  const cached = keysCache.get(examId);
  if (cached && nowMs - cached.at < KEYS_TTL_MS) return cached.keys;
  const rows = await db
    .selectFrom('exam_questions')
    .select(['id', 'answer_type', 'answer_key'])
    .where('exam_id', '=', examId)
    .execute();
  const keys = new Map(rows.map((q) => [q.id, { answer_type: q.answer_type, answer_key: json(q.answer_key) }]));
  if (keysCache.size > 1000) keysCache.clear();
  keysCache.set(examId, { at: nowMs, keys });
  return keys;
}

/**
 * Stores the newest answer of each question in one statement: the attempt's row is locked first
 * (a submit or the deadline job waits for it, so an acknowledged answer is in the attempt that gets
 * scored), nothing is written past the deadline and grace, and a stored seq as high or higher wins.
 * Answers the seq the server holds for each question: the one sent, or the stored one when that is
 * higher (another tab moved on; the client's next change goes above it).
 */
export async function storeAnswers(
  db: Db,
  attemptId: number,
  items: { question_id: number; answer: unknown; seq: number }[],
  now: Date,
  graceMs: number,
) {
  const batch = JSON.stringify(
    items.map((i) => ({ question_id: i.question_id, answer: i.answer ?? null, seq: i.seq })),
  );
  const { rows } = await sql<{ locked: number; late: boolean; saved: { question_id: number; seq: number }[] | string }>`
    with locked as (
      select id, deadline_at from exam_attempts where id = ${attemptId} and status = 'in_progress' for update
    ), incoming as (
      select * from jsonb_to_recordset(${batch}::jsonb) as x(question_id integer, answer jsonb, seq integer)
    ), written as (
      insert into attempt_answers (attempt_id, question_id, answer, seq, saved_at)
      select l.id, i.question_id, i.answer, i.seq, ${now}
      from incoming i cross join locked l
      where ${now}::timestamptz <= l.deadline_at + make_interval(secs => ${graceMs / 1000})
      on conflict (attempt_id, question_id) do update
        set answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
        where attempt_answers.seq < excluded.seq
      returning question_id, seq
    )
    select
      (select count(*) from locked)::int as locked,
      coalesce((select ${now}::timestamptz > deadline_at + make_interval(secs => ${graceMs / 1000}) from locked), false) as late,
      coalesce((
        select json_agg(json_build_object('question_id', i.question_id, 'seq', coalesce(w.seq, greatest(a.seq, i.seq)))
          order by i.question_id)
        from incoming i
        left join written w on w.question_id = i.question_id
        left join attempt_answers a on a.attempt_id = ${attemptId} and a.question_id = i.question_id
      ), '[]') as saved`.execute(db);
  const result = rows[0]!;
  if (result.locked === 0) throw deliveryRefusal.alreadySubmitted();
  if (result.late) throw deliveryRefusal.deadlinePassed();
  return json(result.saved) as { question_id: number; seq: number }[];
}
