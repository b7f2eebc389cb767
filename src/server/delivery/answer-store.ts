import { sql } from 'kysely';
import type { Db, RunPrepared } from '../db/database';
import { deliveryRefusal } from './refusals';
import { saveTarget } from './answer-save';
import { SaveGroup, type SaveGroupOptions } from './save-group';

/** One request's save, as the group statement takes it. */
export interface AnswerSave {
  userId: number;
  assignmentId: number;
  /** The attempt the client answered in, when it says (an earlier one is refused). */
  attemptId: number | null;
  /** The newest answer of each question, once each. */
  items: { question_id: number; answer: unknown; seq: number }[];
  now: Date;
  graceMs: number;
}

/** One row per question a request sent (joined flat: a correlated aggregate per request was quadratic in the group). */
interface StoredItemRow {
  k: number;
  /** The attempt was found but not locked: another transaction holds it, or it is not running. */
  skipped: boolean;
  deadline_at: Date | null;
  extra_seconds: number | null;
  late: boolean | null;
  question_id: number;
  seq: number;
}

/** What one request's save came to: its attempt's deadline (null when nothing could be written) and the seqs held. */
interface Stored {
  skipped: boolean;
  deadline_at: Date | null;
  extra_seconds: number | null;
  late: boolean | null;
  saved: { question_id: number; seq: number }[];
}

/**
 * The saves of a group in one statement, which also finds each request's attempt: the latest
 * attempt of its assignment, only when the assignment is the caller's (and is the attempt the client
 * names). The running attempts' rows are locked first, in id order (a submit or the deadline job
 * waits for the group, so an acknowledged answer is in the attempt that gets scored); a group skips
 * the rows another transaction holds (`skip locked`: those saves are written again alone, waiting
 * for their one lock: see `answerSaveGroup`), and says which it skipped. Nothing is written past an
 * attempt's deadline and grace, and a stored seq as high or higher wins. Two requests of one group
 * naming the same question of the same attempt (two tabs) write the higher seq once. Each request is
 * answered with the seq the server holds for each question it sent (the one sent, or the stored one
 * when that is higher), and its attempt's deadline; no deadline when nothing could be written.
 * Prepared: planning took twice as long as running (pg_stat_statements), and the statement's shape
 * is the same whatever the group's size.
 */
export function groupStatement(db: Db, group: AnswerSave[], locking: 'skip locked' | 'wait') {
  const requests = JSON.stringify(
    group.map((save, k) => ({
      k,
      user_id: save.userId,
      assignment_id: save.assignmentId,
      attempt_id: save.attemptId,
      at: save.now.toISOString(),
      grace: save.graceMs / 1000,
      items: save.items.map((i) => ({ question_id: i.question_id, answer: i.answer ?? null, seq: i.seq })),
    })),
  );
  return sql<StoredItemRow>`
    with req as (
      select * from jsonb_to_recordset(${requests}::jsonb)
        as r(k integer, user_id integer, assignment_id integer, attempt_id integer, at timestamptz, grace float8, items jsonb)
    ), target as (
      select r.k, a.id as attempt_id from req r
      join student_exams se on se.id = r.assignment_id
      join students s on s.id = se.student_id and s.user_id = r.user_id
      cross join lateral (
        select id from exam_attempts where student_exam_id = se.id order by number desc limit 1
      ) a
      where r.attempt_id is null or a.id = r.attempt_id
    ), locked as (
      select ea.id, ea.deadline_at, ea.extra_seconds from exam_attempts ea
      where ea.id in (select attempt_id from target) and ea.status = 'in_progress'
      order by ea.id
      for update ${sql.raw(locking === 'skip locked' ? 'skip locked' : '')}
    ), incoming as (
      select distinct on (l.id, x.question_id) l.id as attempt_id, x.question_id, x.answer, x.seq, r.at
      from req r
      join target t on t.k = r.k
      join locked l on l.id = t.attempt_id
      cross join lateral jsonb_to_recordset(r.items) as x(question_id integer, answer jsonb, seq integer)
      where r.at <= l.deadline_at + make_interval(secs => r.grace)
      order by l.id, x.question_id, x.seq desc, r.k
    ), written as (
      insert into attempt_answers (attempt_id, question_id, answer, seq, saved_at)
      select attempt_id, question_id, answer, seq, at from incoming
      on conflict (attempt_id, question_id) do update
        set answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
        where attempt_answers.seq < excluded.seq
      returning attempt_id, question_id, seq
    )
    select
      r.k,
      l.deadline_at,
      l.extra_seconds,
      r.at > l.deadline_at + make_interval(secs => r.grace) as late,
      t.attempt_id is not null and l.id is null as skipped,
      x.question_id,
      coalesce(w.seq, greatest(a.seq, x.seq)) as seq
    from req r
    left join target t on t.k = r.k
    left join locked l on l.id = t.attempt_id
    left join lateral jsonb_to_recordset(r.items) as x(question_id integer, seq integer) on true
    left join written w on w.attempt_id = l.id and w.question_id = x.question_id
    left join attempt_answers a on a.attempt_id = l.id and a.question_id = x.question_id
    order by r.k, x.question_id`.compile(db);
}

/** A group's statement run, with one answer per request. */
function writer(db: Db, runPrepared: RunPrepared, locking: 'skip locked' | 'wait') {
  const name = locking === 'wait' ? 'ltm_store_answers_alone' : 'ltm_store_answer_group';
  return async (saves: AnswerSave[]): Promise<Stored[]> => {
    const { rows } = await runPrepared(name, groupStatement(db, saves, locking));
    const stored: Stored[] = saves.map(() => ({
      skipped: false,
      deadline_at: null,
      extra_seconds: null,
      late: null,
      saved: [],
    }));
    for (const row of rows) {
      const one = stored[Number(row.k)]!;
      one.skipped = row.skipped;
      one.deadline_at = row.deadline_at;
      one.extra_seconds = row.extra_seconds;
      one.late = row.late;
      if (row.question_id !== null) one.saved.push({ question_id: row.question_id, seq: Number(row.seq) });
    }
    return stored;
  };
}

export interface AnswerSaves {
  /** Stores one request's save and answers once it is committed (or could not be written). */
  store(save: AnswerSave): Promise<Stored>;
  stats: SaveGroup<AnswerSave, Stored>['stats'];
}

const groups = new WeakMap<Db, AnswerSaves>();

/**
 * This database's save queue (one per server process and database), made on first use. A group
 * skips the attempts another transaction holds (a submit, the deadline job, a supervisor's
 * intervention for a whole school, a reassignment), so that one held attempt never holds up the
 * saves of every other student, and a group never waits for a lock while holding others (no
 * deadlock with any transaction that locks attempts). A save whose attempt was skipped is written
 * alone right after, waiting for that attempt's lock as a single save always did.
 */
export function answerSaveGroup(db: Db, runPrepared: RunPrepared, options: SaveGroupOptions): AnswerSaves {
  let saves = groups.get(db);
  if (!saves) {
    const group = new SaveGroup<AnswerSave, Stored>(writer(db, runPrepared, 'skip locked'), options);
    const alone = writer(db, runPrepared, 'wait');
    saves = {
      async store(save) {
        const stored = await group.store(save);
        return stored.skipped ? (await alone([save]))[0]! : stored;
      },
      stats: group.stats,
    };
    groups.set(db, saves);
  }
  return saves;
}

/**
 * Stores a save through the group and answers when its statement has committed. When nothing could
 * be written (not the caller's, not running, past its deadline and grace), `saveTarget` says why
 * (404, 403 or 418), with the attempt submitted first when it ran out (as any read of it does).
 */
export async function storeAnswers(db: Db, group: AnswerSaves, save: AnswerSave) {
  const result = await group.store(save);
  if (result.deadline_at === null || result.late) {
    const target = await saveTarget(db, save.userId, save.assignmentId, save.now, save.graceMs);
    if (save.attemptId !== null && target.attemptId !== save.attemptId) throw deliveryRefusal.attemptReplaced();
    throw deliveryRefusal.deadlinePassed();
  }
  return {
    saved: result.saved,
    deadlineAt: new Date(result.deadline_at),
    extraSeconds: Number(result.extra_seconds ?? 0),
  };
}

export type AnswerSaveGroup = AnswerSaves;

/** The save queue's figures for this database (statements, requests, the largest group), when it has one. */
export const answerSaveStats = (db: Db) => groups.get(db)?.stats;
