import { sql } from 'kysely';
import { MARKER_SLOTS } from '../../common/correction/index';
import type { MarkingWaiting, WaitingCounts } from '../../common/contracts/index';
import type { Db } from '../db/database';
import { latestAttempt } from './status-sql';

/**
 * The sheet the reader would write to on the attempt `la` of the exam `e`, when marks of theirs are
 * still missing there; null when nothing waits for them. `markerPlace` (correction-context.ts)
 * decides the same in code for the correction screen and the save, and the assigned-students list
 * reads the same sheets (`readerSheet`):
 * - single marking: everyone shares the one sheet; it waits while the attempt is not corrected;
 * - double marking: the reader's own blind sheet (first or second) while it misses marks; else the
 *   first free blind sheet; else the deciding sheet while an answer waits for a deciding mark. A
 *   blind marker never gets the attempt as a decider, so nothing here tells them the marks differ.
 * `own` is the reader's blind sheet (a lateral join, see `ownSheet`).
 */
const waitingSlot = sql<number | null>`(case
  when not e.double_marking then (case when la.marking_final < la.marking_total then ${MARKER_SLOTS.first}::int end)
  when own.slot is not null then (case when own.marked_count < la.marking_total then own.slot end)
  when not exists (select 1 from correction_sheets cs where cs.attempt_id = la.id and cs.slot = ${MARKER_SLOTS.first})
    then ${MARKER_SLOTS.first}::int
  when not exists (select 1 from correction_sheets cs where cs.attempt_id = la.id and cs.slot = ${MARKER_SLOTS.second})
    then ${MARKER_SLOTS.second}::int
  when la.needs_deciding then ${MARKER_SLOTS.deciding}::int
end)`;

/** The reader's own blind sheet of `la`, as a lateral subquery to join `on true` as `own`. */
const ownSheet = (readerId: number) => sql`(
  select cs.slot, cs.marked_count from correction_sheets cs
  where cs.attempt_id = la.id and cs.marker_id = ${readerId} and cs.slot in (${MARKER_SLOTS.first}, ${MARKER_SLOTS.second})
  order by cs.slot limit 1)`;

interface Row {
  exam_id: number;
  name_en: string;
  name_ar: string;
  double_marking: boolean;
  anonymous_marking: boolean;
  first: number;
  second: number;
  deciding: number;
  oldest_submitted_at: Date | string | null;
}

const countsOf = (first: number, second: number, deciding: number): WaitingCounts => ({
  first,
  second,
  deciding,
  total: first + second + deciding,
});

/**
 * `GET /api/corrections/waiting`: the exams with submitted attempts that wait for the reader's
 * marks, by sheet, the longest-waiting first. Counts and names only: no student, school, mark or
 * marker, so anonymous and blind marking keep what they hide. Practice (mock) tests are never
 * marked; an attempt with nothing a human marks waits for nobody.
 */
export async function markingWaiting(db: Db, readerId: number): Promise<MarkingWaiting> {
  const { rows } = await sql<Row>`
    select e.id as exam_id, e.name_en, e.name_ar, e.double_marking, e.anonymous_marking,
      count(*) filter (where w.slot = ${MARKER_SLOTS.first})::int as first,
      count(*) filter (where w.slot = ${MARKER_SLOTS.second})::int as second,
      count(*) filter (where w.slot = ${MARKER_SLOTS.deciding})::int as deciding,
      min(w.submitted_at) as oldest_submitted_at
    from (
      select se.exam_id, la.submitted_at, ${waitingSlot} as slot
      from student_exams se
      join exams e on e.id = se.exam_id
      join exam_types et on et.id = e.exam_type_id
      join lateral ${latestAttempt} la on true
      left join lateral ${ownSheet(readerId)} own on true
      -- A corrected attempt waits for nobody: under double marking its blind sheets are complete too.
      where la.status = 'submitted' and la.needs_correction and la.marking_final < la.marking_total
        and not et.is_mock
    ) w
    join exams e on e.id = w.exam_id
    where w.slot is not null
    group by e.id, e.name_en, e.name_ar, e.double_marking, e.anonymous_marking
    order by min(w.submitted_at) asc nulls last, e.id asc`.execute(db);
  const exams = rows.map((row) => ({
    exam_id: Number(row.exam_id),
    name_en: row.name_en,
    name_ar: row.name_ar,
    double_marking: row.double_marking,
    anonymous_marking: row.anonymous_marking,
    counts: countsOf(Number(row.first), Number(row.second), Number(row.deciding)),
    oldest_submitted_at: row.oldest_submitted_at === null ? null : new Date(row.oldest_submitted_at).toISOString(),
  }));
  const sum = (key: 'first' | 'second' | 'deciding') => exams.reduce((total, exam) => total + exam.counts[key], 0);
  return { totals: countsOf(sum('first'), sum('second'), sum('deciding')), exams };
}

/** Nothing waits (a reader who could open no attempt: no list of exam students or no answers to read). */
export const NOTHING_WAITING: MarkingWaiting = { totals: countsOf(0, 0, 0), exams: [] };
