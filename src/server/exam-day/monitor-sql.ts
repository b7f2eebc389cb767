import { sql, type RawBuilder } from 'kysely';

/**
 * The pieces of the monitor's reads: an exam's assignments with where each student was placed, the
 * latest attempt of each (by the index of attempts per assignment) and its presence (presence.ts).
 */

/** The assignments of an exam that `conditions` keep, with `st`, `e`, `et`, `a` (latest attempt) and `p`. */
export const assignmentsOfExam = (examId: number, conditions: RawBuilder<unknown>[]) => sql`
  from student_exams se
  join students st on st.id = se.student_id
  join exams e on e.id = se.exam_id
  join exam_types et on et.id = e.exam_type_id
  left join lateral (
    select id, status, started_at, deadline_at, submitted_at, auto_submitted, forced_by, extra_seconds
    from exam_attempts where student_exam_id = se.id order by number desc limit 1
  ) a on true
  left join attempt_presence p on p.attempt_id = a.id
  where se.exam_id = ${examId} and ${sql.join(conditions, sql` and `)}`;

/** Where a student stands now, as the monitor names it. */
export const monitorStatus = (now: Date) => sql<string>`(case
  when a.status = 'in_progress' then 'in_progress'
  when a.status = 'submitted' then (case when a.forced_by is not null then 'force_submitted'
    when a.auto_submitted then 'auto_submitted' else 'submitted' end)
  when coalesce(se.end_date_time, e.end_date_time) < ${now} then 'absent'
  else 'not_started' end)`;

/** A running attempt whose player was heard from since `since`. */
export const isOnline = (since: Date) => sql<boolean>`(a.status = 'in_progress' and p.last_seen_at >= ${since})`;
export const hasUnsent = sql<boolean>`(a.status = 'in_progress' and coalesce(p.unsent, 0) > 0)`;

/** Instants as epoch milliseconds: numbers are cheap to read back, thousands at a time. */
export const epochMs = (column: RawBuilder<unknown>) =>
  sql<number | null>`(extract(epoch from ${column}) * 1000)::float8`;
