import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { HomeReport, ReleasedExam, RunningExam, SchoolHome } from '../../common/contracts/index';
import { formatWallTime } from '../../common/datetime';
import { REPORT_STATUS } from '../../common/reports/index';
import { schoolScopeCondition, type SchoolScope } from '../auth';
import { latestAttempt } from '../correction';
import type { Db } from '../db/database';
import { resultsReleasedSql } from '../delivery';
import { idListFilter } from '../http/list-filters';
import { reportStatusEntry, reportTypeEntry } from '../reports';

export const schoolHomeQuery = z.strictObject({ 'filter[id]': idListFilter() });

/** The released exams and the reports a school's page shows, newest first. */
const LATEST = 10;

/**
 * Where an assignment's student sat it: the school kept on the assignment, else theirs now (the
 * monitor places students the same way).
 */
const placedSchool = sql`coalesce(se.school_id, st.school_id)`;

/** What a school's page needs to know of the reader and the moment. */
export interface HomeReader {
  scope: SchoolScope;
  now: Date;
  graceSeconds: number;
  timeZone: string;
  /** Whether the reader may see reports (those who may not get `reports: null`). */
  reports: boolean;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
/** Rows presented and grouped by their school, in the rows' order. */
function bySchool<T extends { school_id: number }, P>(rows: T[], present: (row: T) => P): Map<number, P[]> {
  const map = new Map<number, P[]>();
  for (const row of rows) {
    const school = Number(row.school_id);
    map.set(school, [...(map.get(school) ?? []), present(row)]);
  }
  return map;
}
const inSchools = (ids: number[]): RawBuilder<boolean> => sql<boolean>`${placedSchool} in (${sql.join(ids)})`;

/** The assignments whose window is open now, per school and exam, with where their students stand. */
async function runningExams(db: Db, ids: number[], reader: HomeReader) {
  const { rows } = await sql<{
    school_id: number;
    exam_id: number;
    name_en: string;
    name_ar: string;
    is_mock: boolean;
    start_at: Date;
    end_at: Date;
    assigned: number;
    not_started: number;
    in_progress: number;
    submitted: number;
  }>`
    select ${placedSchool} as school_id, e.id as exam_id, e.name_en, e.name_ar, et.is_mock,
      min(coalesce(se.start_date_time, e.start_date_time)) as start_at,
      max(coalesce(se.end_date_time, e.end_date_time)) as end_at,
      count(*)::int as assigned,
      count(*) filter (where la.id is null)::int as not_started,
      count(*) filter (where la.status = 'in_progress')::int as in_progress,
      count(*) filter (where la.status = 'submitted')::int as submitted
    from student_exams se
    join students st on st.id = se.student_id
    join exams e on e.id = se.exam_id
    join exam_types et on et.id = e.exam_type_id
    left join lateral ${latestAttempt} la on true
    where ${inSchools(ids)} and e.is_published
      and coalesce(se.start_date_time, e.start_date_time) <= ${reader.now}
      and coalesce(se.end_date_time, e.end_date_time) >= ${reader.now}
    group by ${placedSchool}, e.id, e.name_en, e.name_ar, et.is_mock
    order by max(coalesce(se.end_date_time, e.end_date_time)) asc, e.id asc`.execute(db);
  return bySchool(rows, (row): RunningExam => ({
    exam_id: Number(row.exam_id),
    name_en: row.name_en,
    name_ar: row.name_ar,
    is_mock: row.is_mock,
    start_date_time: formatWallTime(row.start_at, reader.timeZone),
    end_date_time: formatWallTime(row.end_at, reader.timeZone),
    assigned: Number(row.assigned),
    not_started: Number(row.not_started),
    in_progress: Number(row.in_progress),
    submitted: Number(row.submitted),
  }));
}

/**
 * Per school, the exams whose results reached some of its students (the release rule of
 * delivery: released by an author or admin, at the window's end when the assignment says so, or a
 * practice test), how many of the submitted attempts, the latest first.
 */
async function releasedExams(db: Db, ids: number[], reader: HomeReader) {
  const released = resultsReleasedSql(reader.now, reader.graceSeconds);
  const { rows } = await sql<{
    school_id: number;
    exam_id: number;
    name_en: string;
    name_ar: string;
    is_mock: boolean;
    released: number;
    submitted: number;
    released_at: Date | null;
  }>`
    select x.* from (
      select ${placedSchool} as school_id, e.id as exam_id, e.name_en, e.name_ar, et.is_mock,
        count(*) filter (where ${released})::int as released,
        count(*)::int as submitted,
        max(se.released_at) filter (where ${released}) as released_at,
        row_number() over (partition by ${placedSchool}
          order by greatest(max(se.released_at), max(la.submitted_at)) desc, e.id desc) as place
      from student_exams se
      join students st on st.id = se.student_id
      join exams e on e.id = se.exam_id
      join exam_types et on et.id = e.exam_type_id
      join lateral ${latestAttempt} la on true
      where ${inSchools(ids)} and la.status = 'submitted'
      group by ${placedSchool}, e.id, e.name_en, e.name_ar, et.is_mock
      having count(*) filter (where ${released}) > 0
    ) x where x.place <= ${LATEST}
    order by x.place`.execute(db);
  return bySchool(rows, (row): ReleasedExam => ({
    exam_id: Number(row.exam_id),
    name_en: row.name_en,
    name_ar: row.name_ar,
    is_mock: row.is_mock,
    released: Number(row.released),
    submitted: Number(row.submitted),
    released_at: iso(row.released_at),
  }));
}

/** Per school, its latest generated reports. */
async function latestReports(db: Db, ids: number[]) {
  const { rows } = await sql<{
    school_id: number;
    id: number;
    name: string;
    exam_id: number;
    exam_en: string;
    exam_ar: string;
    subject_en: string;
    subject_ar: string;
    type: number;
    status: number;
    language: HomeReport['language'];
    generated_at: Date | null;
  }>`
    select x.school_id, x.id, x.name, x.type, x.status, x.language, x.generated_at,
      e.id as exam_id, e.name_en as exam_en, e.name_ar as exam_ar,
      coalesce(st.name_en, c.name_en, g.name_en, sc.name_en) as subject_en,
      coalesce(st.name_ar, c.name_ar, g.name_ar, sc.name_ar) as subject_ar
    from (
      select r.*, row_number() over (partition by r.school_id order by r.generated_at desc nulls last, r.id desc) as place
      from reports r
      where r.school_id in (${sql.join(ids)}) and r.status = ${REPORT_STATUS.generated}
    ) x join exams e on e.id = x.exam_id
    join schools sc on sc.id = x.school_id
    left join students st on st.id = x.student_id
    left join school_classes c on c.id = x.school_class_id
    left join grades g on g.id = x.grade_id
    where x.place <= ${LATEST}
    order by x.place`.execute(db);
  return bySchool(rows, (row): HomeReport => ({
    id: Number(row.id),
    name: row.name,
    exam: { id: Number(row.exam_id), name_en: row.exam_en, name_ar: row.exam_ar },
    subject: { name_en: row.subject_en, name_ar: row.subject_ar },
    type: reportTypeEntry(Number(row.type)),
    status: reportStatusEntry(Number(row.status)),
    language: row.language,
    generated_at: iso(row.generated_at),
  }));
}

/**
 * `GET /api/schools/home` (issue 26): for each of the reader's schools (or those of `filter[id]`
 * among them), the exams it sits now, the exams whose results were released to its students, and
 * its latest generated reports (named as the reports list names them, which staff may read).
 */
export async function schoolHomes(db: Db, reader: HomeReader, filter?: number[]): Promise<SchoolHome[]> {
  let query = db
    .selectFrom('schools')
    .select(['id', 'name_en', 'name_ar'])
    .where(schoolScopeCondition(reader.scope, sql.ref('id')))
    .orderBy('id');
  if (filter) query = query.where('id', 'in', filter.length > 0 ? filter : [0]);
  const schools = await query.execute();
  if (schools.length === 0) return [];
  const ids = schools.map((school) => school.id);
  const [running, released, reports] = await Promise.all([
    runningExams(db, ids, reader),
    releasedExams(db, ids, reader),
    reader.reports ? latestReports(db, ids) : null,
  ]);
  return schools.map((school) => ({
    id: school.id,
    name_en: school.name_en,
    name_ar: school.name_ar,
    running: running.get(school.id) ?? [],
    released: released.get(school.id) ?? [],
    reports: reports ? (reports.get(school.id) ?? []) : null,
  }));
}
