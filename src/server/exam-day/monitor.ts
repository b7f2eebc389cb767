import { sql, type RawBuilder } from 'kysely';
import { studentNameMatches, studentNameSql } from '../db/student-name';
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
import { groupTotals } from './monitor-groups';
import { assignmentsOfExam, epochMs, isOnline, monitorStatus } from './monitor-sql';
import { assertClassInScope, placedClass, placedSchool } from './targets';
import { extraSecondsOf, extraTimeOf } from '../delivery';
import { notFound } from '../http/app-error';

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
  extra_time_minutes: number | null;
  extra_time_percent: number | null;
  student_extra_minutes: number;
  student_extra_percent: number;
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
  current_se: number | null;
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
  if (classId !== undefined) {
    await assertClassInScope(db, scope, classId);
    scoped.push(sql`${placedClass} = ${classId}`);
  }
  // Staff of some schools see only an exam assigned in them: another one is not there for them.
  if (!scope.all && !(await assignedWithin(db, examId, scope))) throw notFound();
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

/**
 * An adaptive attempt's current standard error (logits): its measure at submission, else the one
 * its current question was chosen at (after every answer before it).
 */
const currentSe = sql`coalesce(a.ability_se, (select s.se from adaptive_steps s where s.attempt_id = a.id
  order by s.position desc limit 1))`;

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
    exam: { duration_minutes: number; is_mock: boolean; question_count: number; adaptive: boolean };
  },
) {
  const { examId, scoped, query, now, since, graceSeconds, language, exam } = options;
  const conditions = [...scoped];
  const statuses = query['filter[status]'];
  if (statuses?.length) conditions.push(sql`${monitorStatus(now)} in (${sql.join(statuses)})`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql`(${studentNameMatches(pattern)} or st.student_number ilike ${pattern})`);
  }
  const { rows } = await sql<Row & { full_count: number }>`
    select se.id as assignment_id, st.id as student_id, st.student_number,
      ${studentNameSql(language)} as name,
      ${placedSchool} as school_id, ${placedClass} as school_class_id, ${monitorStatus(now)} as status,
      ${isOnline(since)} as online, p.unsent,
      se.extra_time_minutes, se.extra_time_percent, st.extra_time_minutes as student_extra_minutes,
      st.extra_time_percent as student_extra_percent,
      ${resultsReleasedSql(now, graceSeconds)} as released,
      a.id as attempt_id, ${epochMs(sql`a.started_at`)} as started_ms, ${epochMs(sql`a.deadline_at`)} as deadline_ms,
      ${epochMs(sql`a.submitted_at`)} as submitted_ms, a.extra_seconds,
      ${epochMs(sql`p.last_seen_at`)} as seen_ms, ${epochMs(sql`p.last_saved_at`)} as saved_ms, p.answered,
      ${exam.adaptive ? currentSe : sql`null::float8`} as current_se,
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
      extra_seconds:
        row.attempt_id !== null ? (row.extra_seconds ?? 0) : extraSecondsOf(extraTimeOf(row), exam.duration_minutes),
      answered: row.attempt_id === null ? 0 : (row.answered ?? 0),
      total: exam.question_count,
      ...(exam.adaptive
        ? { standard_error: row.current_se === null ? null : Math.round(Number(row.current_se) * 100) / 100 }
        : {}),
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

/** Whether the exam is assigned to any student of the reader's schools. */
async function assignedWithin(db: Db, examId: number, scope: SchoolScope): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (
    select 1 from student_exams se join students st on st.id = se.student_id
    where se.exam_id = ${examId} and ${schoolScopeCondition(scope, placedSchool)}) as found`.execute(db);
  return rows[0]?.found === true;
}
