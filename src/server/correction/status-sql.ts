import { sql, type RawBuilder } from 'kysely';
import { CORRECTION_STATUS, EXAM_STATUS } from '../../common/correction/index';
import type { Db } from '../db/database';

/*
 * The correction statuses, computed in SQL in this one place: the assigned-students list and its
 * filters, the roll-up of classes, grades, schools and exams, and (next) the report eligibility rule
 * all read them from here. Queries name an assignment `se`, its student `st` and its latest attempt
 * `la` (see `latestAttempt`).
 */

/**
 * The latest attempt of the assignment `se`, as a lateral subquery to join `on true`: a mock exam
 * may be taken again, and only its latest attempt counts.
 */
export const latestAttempt = sql`(select * from exam_attempts a where a.student_exam_id = se.id order by a.number desc limit 1)`;

/**
 * Where the student stands with the exam at `now`: not started, in progress, submitted, submitted
 * automatically (at the deadline), or absent (never started and the window has closed).
 */
export const examStatusId = (now: Date): RawBuilder<number> => sql<number>`(case
  when la.id is null then (case when se.end_date_time < ${now} then ${EXAM_STATUS.absent}::int else ${EXAM_STATUS.not_started}::int end)
  when la.status = 'in_progress' then ${EXAM_STATUS.in_progress}::int
  when la.auto_submitted then ${EXAM_STATUS.auto_submitted}::int
  else ${EXAM_STATUS.submitted}::int end)`;

/**
 * The sheet the reader marks `la` on blind (the first or second of double marking), as a lateral
 * subquery to join `on true` as `rs`: its own outcome, or nulls when the reader does not mark the
 * attempt blind (or `readerId` is null: the server itself). Needs the exam as `e`.
 */
export const readerSheet = (readerId: number | null) => sql`(
  select cs.marked_count, cs.result_mark, cs.result_passed from correction_sheets cs
  where cs.attempt_id = la.id and cs.marker_id = ${readerId} and cs.slot in (1, 2) and e.double_marking
  order by cs.slot limit 1)`;

/**
 * Where the correction of a submitted attempt stands (null before submission): corrected when every
 * part a human marks has its final mark (at once when there is none), in progress once a marker has
 * marked one, not corrected otherwise. For a reader who marks the attempt blind (`rs`, see
 * `readerSheet`) the same rule reads their own sheet alone: the attempt's own progress would tell
 * them whether the other marker's marks agree with theirs.
 */
export const correctionStatusId: RawBuilder<number | null> = sql<number | null>`(case
  when la.id is null or la.status <> 'submitted' then null
  when rs.marked_count is not null then (case
    when not la.needs_correction or rs.marked_count >= la.marking_total then ${CORRECTION_STATUS.corrected}::int
    when rs.marked_count > 0 then ${CORRECTION_STATUS.in_progress}::int
    else ${CORRECTION_STATUS.not_corrected}::int end)
  when not la.needs_correction or la.marking_final >= la.marking_total then ${CORRECTION_STATUS.corrected}::int
  when la.marking_started then ${CORRECTION_STATUS.in_progress}::int
  else ${CORRECTION_STATUS.not_corrected}::int end)`;

/** The attempt's mark on the exam's scale once corrected; for a blind reader, their own sheet's. */
export const resultMark = sql<
  string | null
>`(case when rs.marked_count is not null then rs.result_mark else la.result_mark end)`;
/** Pass or fail once corrected; for a blind reader, by their own sheet. */
export const resultPassed = sql<
  boolean | null
>`(case when rs.marked_count is not null then rs.result_passed else la.result_passed end)`;
/** An answer waits for a deciding mark: never told to a blind reader. */
export const needsDeciding = sql<boolean>`coalesce(la.status = 'submitted' and la.needs_deciding and rs.marked_count is null, false)`;

/** The levels the correction status rolls up to, by the column that groups them. */
const LEVELS = {
  school_class: sql`st.school_class_id`,
  grade: sql`st.grade_id`,
  school: sql`st.school_id`,
  exam: sql`se.exam_id`,
} as const;
export type RollUpLevel = keyof typeof LEVELS;

export interface RollUpScope {
  exam_id?: number;
  school_id?: number;
  grade_id?: number;
}

/**
 * The correction status of each class, grade, school or exam from its submitted attempts (latest
 * per assignment; mock exams are never marked and do not count): corrected when all of them are,
 * not corrected when no marker has begun any (or there is none yet), in progress otherwise.
 * Returns the groups that have submitted attempts; `rolledUpStatus` gives the others theirs.
 * `readerId`: the user who reads it, whose blind attempts count by their own sheet (null: the
 * server's own decisions, such as report eligibility, which read the real outcome).
 */
export async function correctionRollUp(
  db: Db,
  level: RollUpLevel,
  scope: RollUpScope = {},
  readerId: number | null = null,
): Promise<Map<number, number>> {
  const where = [
    sql`la.status = 'submitted'`,
    sql`not et.is_mock`,
    ...(scope.exam_id !== undefined ? [sql`se.exam_id = ${scope.exam_id}`] : []),
    ...(scope.school_id !== undefined ? [sql`st.school_id = ${scope.school_id}`] : []),
    ...(scope.grade_id !== undefined ? [sql`st.grade_id = ${scope.grade_id}`] : []),
  ];
  const { rows } = await sql<{ id: number; status_id: number }>`
    select x.id, (case
      when count(*) filter (where x.s = ${CORRECTION_STATUS.corrected}) = count(*) then ${CORRECTION_STATUS.corrected}::int
      when count(*) filter (where x.s <> ${CORRECTION_STATUS.not_corrected}) = 0 then ${CORRECTION_STATUS.not_corrected}::int
      else ${CORRECTION_STATUS.in_progress}::int end) as status_id
    from (
      select ${LEVELS[level]} as id, ${correctionStatusId} as s
      from student_exams se
      join students st on st.id = se.student_id
      join exams e on e.id = se.exam_id
      join exam_types et on et.id = e.exam_type_id
      join lateral ${latestAttempt} la on true
      left join lateral ${readerSheet(readerId)} rs on true
      where ${sql.join(where, sql` and `)}
    ) x
    group by x.id`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), Number(row.status_id)]));
}

/** A group's rolled-up status: not corrected when it has no submitted attempt yet. */
export const rolledUpStatus = (statuses: Map<number, number>, id: number): number =>
  statuses.get(id) ?? CORRECTION_STATUS.not_corrected;
