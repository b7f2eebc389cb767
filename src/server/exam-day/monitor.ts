import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { MonitorStatus } from '../../common/contracts/index';
import { idParam } from '../../common/ids';
import { assertSchoolInScope, schoolScopeCondition, type SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { loadExamOfDay } from './exam-of-day';
import { placedClass, placedSchool } from './targets';

/** A player heard from within this many seconds is online (it beats every 8 s while no save goes through). */
export const ONLINE_SECONDS = 25;

export const monitorQuery = z.strictObject({
  'filter[school_id]': idParam().optional(),
  'filter[school_class_id]': idParam().optional(),
});
export type MonitorQuery = z.infer<typeof monitorQuery>;

interface Row {
  assignment_id: number;
  student_id: number;
  student_number: string;
  name_en: string;
  name_ar: string;
  school_id: number;
  school_name_en: string;
  school_name_ar: string;
  school_class_id: number;
  class_name_en: string;
  class_name_ar: string;
  start_at: Date;
  end_at: Date;
  accommodation_seconds: number;
  released: boolean;
  attempt_id: number | null;
  status: 'in_progress' | 'submitted' | null;
  started_at: Date | null;
  deadline_at: Date | null;
  submitted_at: Date | null;
  auto_submitted: boolean | null;
  forced: boolean | null;
  extra_seconds: number | null;
  last_seen_at: Date | null;
  last_saved_at: Date | null;
  answered: number | null;
  unsent: number | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const ms = (value: Date | string) => new Date(value).getTime();

function statusOf(row: Row, now: Date): MonitorStatus {
  if (row.status === 'in_progress') return 'in_progress';
  if (row.status === 'submitted')
    return row.forced ? 'force_submitted' : row.auto_submitted ? 'auto_submitted' : 'submitted';
  return now.getTime() > ms(row.end_at) ? 'absent' : 'not_started';
}

type Totals = Record<MonitorStatus | 'assigned' | 'online' | 'unsent', number>;
const emptyTotals = (): Totals => ({
  assigned: 0,
  not_started: 0,
  in_progress: 0,
  submitted: 0,
  auto_submitted: 0,
  force_submitted: 0,
  absent: 0,
  online: 0,
  unsent: 0,
});

/**
 * `GET /exams/{id}/monitor` (issue 26): the exam as it is sat now, in the reader's schools. One
 * read: each assignment with its latest attempt (by the index of attempts per assignment) and the
 * presence its players' heartbeats and saves left (presence.ts); the counts are made here.
 */
export async function loadMonitor(
  db: Db,
  examId: number,
  scope: SchoolScope,
  query: MonitorQuery,
  now: Date,
  graceSeconds: number,
) {
  const exam = await loadExamOfDay(db, examId);
  const conditions: RawBuilder<unknown>[] = [schoolScopeCondition(scope, placedSchool)];
  const schoolId = query['filter[school_id]'];
  const classId = query['filter[school_class_id]'];
  if (schoolId !== undefined) {
    assertSchoolInScope(scope, schoolId);
    conditions.push(sql`${placedSchool} = ${schoolId}`);
  }
  if (classId !== undefined) conditions.push(sql`${placedClass} = ${classId}`);
  const { rows } = await sql<Row>`
    select se.id as assignment_id, st.id as student_id, st.student_number, st.name_en, st.name_ar,
      sc.id as school_id, sc.name_en as school_name_en, sc.name_ar as school_name_ar,
      cl.id as school_class_id, cl.name_en as class_name_en, cl.name_ar as class_name_ar,
      coalesce(se.start_date_time, e.start_date_time) as start_at, coalesce(se.end_date_time, e.end_date_time) as end_at,
      case when se.extra_time_minutes is null and se.extra_time_percent is null
        then st.extra_time_minutes * 60 + round(${exam.duration_minutes} * 60 * st.extra_time_percent / 100.0)
        else coalesce(se.extra_time_minutes, 0) * 60 + round(${exam.duration_minutes} * 60 * coalesce(se.extra_time_percent, 0) / 100.0)
      end::int as accommodation_seconds,
      (${exam.is_mock} or se.released_at is not null or (se.release_mode = 'after_close'
        and coalesce(se.end_date_time, e.end_date_time) + make_interval(secs => ${graceSeconds}) < ${now})) as released,
      a.id as attempt_id, a.status, a.started_at, a.deadline_at, a.submitted_at, a.auto_submitted, a.forced,
      a.extra_seconds, p.last_seen_at, p.last_saved_at,
      coalesce(p.answered, (select count(*)::int from attempt_answers aa where aa.attempt_id = a.id)) as answered,
      p.unsent
    from student_exams se
    join students st on st.id = se.student_id
    join exams e on e.id = se.exam_id
    join schools sc on sc.id = ${placedSchool}
    join school_classes cl on cl.id = ${placedClass}
    left join lateral (
      select id, status, started_at, deadline_at, submitted_at, auto_submitted, forced_by is not null as forced, extra_seconds
      from exam_attempts where student_exam_id = se.id order by number desc limit 1
    ) a on true
    left join attempt_presence p on p.attempt_id = a.id
    where se.exam_id = ${examId} and ${sql.join(conditions, sql` and `)}
    order by sc.name_en, cl.name_en, st.name_en, se.id`.execute(db);

  const totals = emptyTotals();
  const schools = new Map<
    number,
    {
      id: number;
      name_en: string;
      name_ar: string;
      totals: Totals;
      classes: Map<number, { id: number; name_en: string; name_ar: string; totals: Totals }>;
    }
  >();
  const onlineSince = now.getTime() - ONLINE_SECONDS * 1000;
  const students = rows.map((row) => {
    const status = statusOf(row, now);
    const running = status === 'in_progress';
    const online = running && row.last_seen_at !== null && ms(row.last_seen_at) >= onlineSince;
    const unsent = running ? (row.unsent ?? 0) : 0;
    const school =
      schools.get(row.school_id) ??
      schools
        .set(row.school_id, {
          id: row.school_id,
          name_en: row.school_name_en,
          name_ar: row.school_name_ar,
          totals: emptyTotals(),
          classes: new Map(),
        })
        .get(row.school_id)!;
    const schoolClass =
      school.classes.get(row.school_class_id) ??
      school.classes
        .set(row.school_class_id, {
          id: row.school_class_id,
          name_en: row.class_name_en,
          name_ar: row.class_name_ar,
          totals: emptyTotals(),
        })
        .get(row.school_class_id)!;
    for (const counted of [totals, school.totals, schoolClass.totals]) {
      counted.assigned++;
      counted[status]++;
      if (online) counted.online++;
      if (unsent > 0) counted.unsent++;
    }
    const extra = row.attempt_id !== null ? (row.extra_seconds ?? 0) : row.accommodation_seconds;
    return {
      student_id: row.student_id,
      assignment_id: row.assignment_id,
      student_number: row.student_number,
      name: row.name_en,
      name_en: row.name_en,
      name_ar: row.name_ar,
      school_id: row.school_id,
      school_class_id: row.school_class_id,
      status,
      started_at: iso(row.started_at),
      deadline_at: iso(row.deadline_at),
      submitted_at: iso(row.submitted_at),
      time_left_seconds:
        running && row.deadline_at ? Math.max(0, Math.floor((ms(row.deadline_at) - now.getTime()) / 1000)) : null,
      extra_seconds: extra,
      answered: row.attempt_id === null ? 0 : (row.answered ?? 0),
      total: exam.question_count,
      last_seen_at: iso(row.last_seen_at),
      last_saved_at: iso(row.last_saved_at),
      online,
      unsent,
      released: row.released,
    };
  });
  return {
    exam,
    server_time: now.toISOString(),
    online_seconds: ONLINE_SECONDS,
    totals,
    schools: [...schools.values()].map((school) => ({
      ...school,
      classes: [...school.classes.values()],
    })),
    students,
  };
}
