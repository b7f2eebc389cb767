import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { Language } from '../../../locales/index';
import { MONITOR_STATUSES, type MonitorStatus } from '../../common/contracts/index';
import { idParam, intParam } from '../../common/ids';
import { assertSchoolInScope, schoolScopeCondition, type SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import { codeListFilter } from '../http/list-filters';
import { offsetOf, pageMeta } from '../http/pagination';
import { loadExamOfDay } from './exam-of-day';
import { resultsReleasedSql } from '../delivery';
import { assignmentsOfExam, epochMs, hasUnsent, isOnline, monitorStatus } from './monitor-sql';
import { placedClass, placedSchool } from './targets';

/** A player heard from within this many seconds is online (it beats every 8 s while no save goes through). */
export const ONLINE_SECONDS = 25;

export const monitorQuery = z.strictObject({
  'filter[school_id]': idParam().optional(),
  'filter[school_class_id]': idParam().optional(),
  'filter[status]': codeListFilter(new RegExp(`^(${MONITOR_STATUSES.join('|')})$`), MONITOR_STATUSES.length),
  search: z.string().trim().max(100).optional(),
  page: intParam(1, 1_000_000).default(1),
  per_page: intParam(1, 100).default(50),
});
export type MonitorQuery = z.infer<typeof monitorQuery>;

type Totals = Record<MonitorStatus | 'assigned' | 'online' | 'unsent' | 'released', number>;
interface Group {
  id: number;
  name_en: string;
  name_ar: string;
  totals: Totals;
}
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
  released: 0,
});

/** One student of the page, as read: instants as epoch milliseconds. */
interface Row {
  assignment_id: number;
  student_id: number;
  student_number: string;
  name: string;
  school_id: number;
  school_class_id: number;
  status: MonitorStatus;
  online: boolean;
  unsent: number | null;
  accommodation_seconds: number;
  released: boolean;
  attempt_id: number | null;
  started_ms: number | null;
  deadline_ms: number | null;
  submitted_ms: number | null;
  extra_seconds: number | null;
  seen_ms: number | null;
  saved_ms: number | null;
  answered: number | null;
  total: number;
}

const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

/**
 * `GET /exams/{id}/monitor` (issue 26): the exam as it is sat now, in the reader's schools (or the
 * school or class chosen): the counts of every school and class, from one grouped read, and a
 * page of its students (which `filter[status]` and `search` narrow), from another; both read each
 * assignment's latest attempt and presence, and run side by side.
 */
export async function loadMonitor(
  db: Db,
  examId: number,
  scope: SchoolScope,
  query: MonitorQuery,
  now: Date,
  graceSeconds: number,
  language: Language = 'en',
) {
  const exam = await loadExamOfDay(db, examId);
  const scoped: RawBuilder<unknown>[] = [schoolScopeCondition(scope, placedSchool)];
  const schoolId = query['filter[school_id]'];
  const classId = query['filter[school_class_id]'];
  if (schoolId !== undefined) {
    assertSchoolInScope(scope, schoolId);
    scoped.push(sql`${placedSchool} = ${schoolId}`);
  }
  if (classId !== undefined) scoped.push(sql`${placedClass} = ${classId}`);
  const since = new Date(now.getTime() - ONLINE_SECONDS * 1000);
  const released = resultsReleasedSql(now, graceSeconds);
  const [groups, page] = await Promise.all([
    groupTotals(db, examId, scoped, now, since, released),
    studentsPage(db, { examId, scoped, query, now, since, graceSeconds, language, exam }),
  ]);
  return {
    data: {
      exam,
      server_time: now.toISOString(),
      online_seconds: ONLINE_SECONDS,
      ...groups,
      students: page.students,
    },
    meta: pageMeta(query, page.total),
  };
}

/** The counts by school and class (and of everything shown), with their names. */
async function groupTotals(
  db: Db,
  examId: number,
  scoped: RawBuilder<unknown>[],
  now: Date,
  since: Date,
  released: RawBuilder<boolean>,
) {
  const { rows } = await sql<{
    school_id: number;
    school_class_id: number;
    status: MonitorStatus;
    n: number;
    online: number;
    unsent: number;
    released: number;
  }>`
    select x.school_id, x.school_class_id, x.status, count(*)::int as n,
      (count(*) filter (where x.online))::int as online, (count(*) filter (where x.unsent))::int as unsent,
      (count(*) filter (where x.released))::int as released
    from (
      select ${placedSchool} as school_id, ${placedClass} as school_class_id, ${monitorStatus(now)} as status,
        ${isOnline(since)} as online, ${hasUnsent} as unsent, ${released} as released
      ${assignmentsOfExam(examId, scoped)}
    ) x
    group by 1, 2, 3`.execute(db);
  const names = await groupNames(db, rows);
  const group = (map: Map<number, { name_en: string; name_ar: string }>, id: number): Group => ({
    id,
    name_en: map.get(id)?.name_en ?? '',
    name_ar: map.get(id)?.name_ar ?? '',
    totals: emptyTotals(),
  });
  const totals = emptyTotals();
  const schools = new Map<number, Group & { classes: Group[] }>();
  const classes = new Map<number, Group>();
  for (const row of rows) {
    let school = schools.get(row.school_id);
    if (!school) {
      school = { ...group(names.schools, row.school_id), classes: [] };
      schools.set(row.school_id, school);
    }
    let schoolClass = classes.get(row.school_class_id);
    if (!schoolClass) {
      schoolClass = group(names.classes, row.school_class_id);
      classes.set(row.school_class_id, schoolClass);
      school.classes.push(schoolClass);
    }
    for (const counted of [totals, school.totals, schoolClass.totals]) {
      counted.assigned += row.n;
      counted[row.status] += row.n;
      counted.online += row.online;
      counted.unsent += row.unsent;
      counted.released += row.released;
    }
  }
  const byName = (a: Group, b: Group) => a.name_en.localeCompare(b.name_en);
  return {
    totals,
    schools: [...schools.values()].sort(byName).map((school) => ({ ...school, classes: school.classes.sort(byName) })),
  };
}

/** A page of the students, with what the monitor shows of each. */
async function studentsPage(
  db: Db,
  options: {
    examId: number;
    scoped: RawBuilder<unknown>[];
    query: MonitorQuery;
    now: Date;
    since: Date;
    graceSeconds: number;
    language: Language;
    exam: { duration_minutes: number; is_mock: boolean; question_count: number };
  },
) {
  const { examId, scoped, query, now, since, graceSeconds, language, exam } = options;
  const conditions = [...scoped];
  const statuses = query['filter[status]'];
  if (statuses?.length) conditions.push(sql`${monitorStatus(now)} in (${sql.join(statuses)})`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      sql`(st.name_en ilike ${pattern} or st.name_ar ilike ${pattern} or st.student_number ilike ${pattern})`,
    );
  }
  const seconds = exam.duration_minutes * 60;
  const { rows } = await sql<Row & { full_count: number }>`
    select se.id as assignment_id, st.id as student_id, st.student_number,
      ${language === 'ar' ? sql`coalesce(nullif(st.name_ar, ''), st.name_en)` : sql`st.name_en`} as name,
      ${placedSchool} as school_id, ${placedClass} as school_class_id, ${monitorStatus(now)} as status,
      ${isOnline(since)} as online, p.unsent,
      (case when se.extra_time_minutes is null and se.extra_time_percent is null
        then st.extra_time_minutes * 60 + round(${seconds} * st.extra_time_percent / 100.0)
        else coalesce(se.extra_time_minutes, 0) * 60 + round(${seconds} * coalesce(se.extra_time_percent, 0) / 100.0)
      end)::int as accommodation_seconds,
      ${resultsReleasedSql(now, graceSeconds)} as released,
      a.id as attempt_id, ${epochMs(sql`a.started_at`)} as started_ms, ${epochMs(sql`a.deadline_at`)} as deadline_ms,
      ${epochMs(sql`a.submitted_at`)} as submitted_ms, a.extra_seconds,
      ${epochMs(sql`p.last_seen_at`)} as seen_ms, ${epochMs(sql`p.last_saved_at`)} as saved_ms, p.answered,
      (count(*) over ())::int as full_count
    ${assignmentsOfExam(examId, conditions)}
    order by ${placedSchool}, ${placedClass}, st.name_en collate "C", se.id
    limit ${query.per_page} offset ${offsetOf(query)}`.execute(db);
  await countUnseenAnswers(db, rows);
  const nowMs = now.getTime();
  const students = rows.map((row) => {
    const running = row.status === 'in_progress';
    return {
      student_id: row.student_id,
      assignment_id: row.assignment_id,
      student_number: row.student_number,
      name: row.name,
      school_id: row.school_id,
      school_class_id: row.school_class_id,
      status: row.status,
      started_at: iso(row.started_ms),
      deadline_at: iso(row.deadline_ms),
      submitted_at: iso(row.submitted_ms),
      time_left_seconds:
        running && row.deadline_ms !== null ? Math.max(0, Math.floor((row.deadline_ms - nowMs) / 1000)) : null,
      extra_seconds: row.attempt_id !== null ? (row.extra_seconds ?? 0) : row.accommodation_seconds,
      answered: row.attempt_id === null ? 0 : (row.answered ?? 0),
      total: exam.question_count,
      last_seen_at: iso(row.seen_ms),
      last_saved_at: iso(row.saved_ms),
      online: row.online === true,
      unsent: running ? (row.unsent ?? 0) : 0,
      released: row.released,
    };
  });
  return { students, total: rows[0]?.full_count ?? (query.page > 1 ? await countOf(db, examId, conditions) : 0) };
}

/** The number of students a filter keeps, for a page past the last. */
async function countOf(db: Db, examId: number, conditions: RawBuilder<unknown>[]) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n ${assignmentsOfExam(examId, conditions)}`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** The names of the schools and classes the counts are placed in. */
async function groupNames(db: Db, rows: { school_id: number; school_class_id: number }[]) {
  const schoolIds = [...new Set(rows.map((row) => row.school_id))];
  const classIds = [...new Set(rows.map((row) => row.school_class_id))];
  const byId = (list: { id: number; name_en: string; name_ar: string }[]) =>
    new Map(list.map(({ id, name_en, name_ar }) => [id, { name_en, name_ar }]));
  const [schools, classes] = await Promise.all([
    schoolIds.length === 0
      ? []
      : db.selectFrom('schools').select(['id', 'name_en', 'name_ar']).where('id', 'in', schoolIds).execute(),
    classIds.length === 0
      ? []
      : db.selectFrom('school_classes').select(['id', 'name_en', 'name_ar']).where('id', 'in', classIds).execute(),
  ]);
  return { schools: byId(schools), classes: byId(classes) };
}

/**
 * The answers held by attempts of the page no presence was written for yet (just started, or
 * stored by other means than a save, as the demo's): counted for those few, not in the main read.
 */
async function countUnseenAnswers(db: Db, rows: Row[]) {
  const unseen = rows.filter((row) => row.attempt_id !== null && row.answered === null);
  if (unseen.length === 0) return;
  const counts = await db
    .selectFrom('attempt_answers')
    .select(['attempt_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'attempt_id',
      'in',
      unseen.map((row) => row.attempt_id!),
    )
    .groupBy('attempt_id')
    .execute();
  const byAttempt = new Map(counts.map((row) => [row.attempt_id, Number(row.n)]));
  for (const row of unseen) row.answered = byAttempt.get(row.attempt_id!) ?? 0;
}
