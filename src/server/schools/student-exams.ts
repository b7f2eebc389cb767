import { sql } from 'kysely';
import { studentNameSql } from '../db/student-name';
import { z } from 'zod';
import type { StudentExamRow, StudentProfile } from '../../common/contracts/index';
import { formatWallTime } from '../../common/datetime';
import { REPORT_TYPE } from '../../common/reports/index';
import { assertSchoolInScope, type SchoolScope } from '../auth';
import {
  correctionStatusEntry,
  correctionStatusId,
  examStatusEntry,
  examStatusId,
  latestAttempt,
  readerSheet,
  resultMark,
  resultPassed,
  veiledExams,
} from '../correction';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import { notFound } from '../http/app-error';
import { listQuerySchema, offsetOf, pageMeta } from '../http/pagination';
import { reportStatusEntry } from '../reports';
import { resultsReleasedSql } from '../delivery';
import { breadcrumbsOf } from './breadcrumbs';

export const studentExamsQuery = listQuerySchema(['id', 'name', 'start_date_time'], { sort: 'id', order: 'asc' });
type StudentExamsQuery = z.infer<typeof studentExamsQuery>;

/** The student, their school, grade, level and class, or 404 (also for a school outside the caller's scope). */
async function loadStudent(db: Db, scope: SchoolScope, studentId: number, language: 'en' | 'ar') {
  const row = await db
    .selectFrom('students as st')
    .innerJoin('schools as sc', 'sc.id', 'st.school_id')
    .innerJoin('grades as g', 'g.id', 'st.grade_id')
    .innerJoin('school_classes as cl', 'cl.id', 'st.school_class_id')
    .leftJoin('levels as lv', 'lv.id', 'st.level_id')
    .select([
      'st.id',
      studentNameSql(language).as('name'),
      'st.gender',
      'st.nationality',
      'sc.id as school_id',
      'sc.name_en as school_name_en',
      'sc.name_ar as school_name_ar',
      'g.id as grade_id',
      'g.name_en as grade_name_en',
      'g.name_ar as grade_name_ar',
      'lv.id as level_id',
      'lv.name_en as level_name_en',
      'lv.name_ar as level_name_ar',
      'cl.id as class_id',
      'cl.name_en as class_name_en',
      'cl.name_ar as class_name_ar',
      'cl.grade_id as class_grade_id',
    ])
    .where('st.id', '=', studentId)
    .executeTakeFirst();
  if (!row) throw notFound();
  assertSchoolInScope(scope, row.school_id);
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    nationality: row.nationality,
    school: { id: row.school_id, name_en: row.school_name_en, name_ar: row.school_name_ar },
    grade: { id: row.grade_id, name_en: row.grade_name_en, name_ar: row.grade_name_ar },
    level:
      row.level_id === null
        ? null
        : { id: row.level_id, name_en: row.level_name_en ?? '', name_ar: row.level_name_ar ?? '' },
    class: { id: row.class_id, name_en: row.class_name_en, name_ar: row.class_name_ar, grade_id: row.class_grade_id },
  };
}

type Row = {
  id: number;
  exam_id: number;
  exam_name_en: string;
  exam_name_ar: string;
  round_id: number | null;
  round_name_en: string | null;
  round_name_ar: string | null;
  year_id: number | null;
  year_name_en: string | null;
  year_name_ar: string | null;
  is_mock: boolean;
  start_date_time: Date | null;
  end_date_time: Date | null;
  submitted_at: Date | null;
  exam_status_id: number;
  correction_status_id: number | null;
  result_mark: string | null;
  result_passed: boolean | null;
  max_mark: string;
  pass_mark: string;
  report_id: number | null;
  report_status: number | null;
  released: boolean;
};

const examIdsOf = (rows: Row[]) => [...new Set(rows.map((row) => Number(row.exam_id)))];

const named = (id: number | null, en: string | null, ar: string | null) =>
  id === null ? null : { id: Number(id), name_en: en ?? '', name_ar: ar ?? '' };

/**
 * `shown`: whether the reader sees the result: staff of every school always (they mark and release
 * it), school staff once it is released to the student (issue 26). `veiled`: the reader marks the
 * exam anonymously while its marking is open, so nothing the attempt did is shown beside the
 * student's name (when it was submitted, how far its correction is, its result, its report).
 */
function present(row: Row, timeZone: string, shown: boolean, veiled: boolean): StudentExamRow {
  const wall = (date: Date | null) => (date ? formatWallTime(date, timeZone) : null);
  if (veiled) row = { ...row, submitted_at: null, correction_status_id: null, result_mark: null, report_id: null };
  shown &&= !veiled;
  return {
    id: Number(row.id),
    exam: { id: Number(row.exam_id), name_en: row.exam_name_en, name_ar: row.exam_name_ar },
    round: named(row.round_id, row.round_name_en, row.round_name_ar),
    academic_year: named(row.year_id, row.year_name_en, row.year_name_ar),
    is_mock: row.is_mock,
    start_date_time: wall(row.start_date_time),
    end_date_time: wall(row.end_date_time),
    submitted_at: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    exam_status: examStatusEntry(Number(row.exam_status_id)),
    correction_status: correctionStatusEntry(
      row.correction_status_id === null ? null : Number(row.correction_status_id),
    ),
    total: row.result_mark === null || !shown ? null : Number(row.result_mark),
    total_mark: Number(row.max_mark),
    pass_mark: Number(row.pass_mark),
    passed: shown ? row.result_passed : null,
    report:
      row.report_id === null
        ? null
        : { id: Number(row.report_id), status: reportStatusEntry(Number(row.report_status)) },
  };
}

/** Every assignment of a student, with its statuses, its result and the student's report of it. */
const examRows = (studentId: number, now: Date, readerId: number | null, graceSeconds: number) => sql`(
  select se.id, e.id as exam_id, e.name_en as exam_name_en, e.name_ar as exam_name_ar,
    r.id as round_id, r.name_en as round_name_en, r.name_ar as round_name_ar,
    ay.id as year_id, ay.name_en as year_name_en, ay.name_ar as year_name_ar, et.is_mock,
    coalesce(se.start_date_time, e.start_date_time) as start_date_time,
    coalesce(se.end_date_time, e.end_date_time) as end_date_time, la.submitted_at,
    ${examStatusId(now)} as exam_status_id, ${correctionStatusId} as correction_status_id,
    ${resultMark} as result_mark, ${resultPassed} as result_passed, e.max_mark, e.pass_mark,
    rp.id as report_id, rp.status as report_status, ${resultsReleasedSql(now, graceSeconds)} as released
  from student_exams se
  join exams e on e.id = se.exam_id
  join exam_types et on et.id = e.exam_type_id
  left join rounds r on r.id = e.round_id
  left join academic_years ay on ay.id = e.academic_year_id
  left join lateral ${latestAttempt} la on true
  left join lateral ${readerSheet(readerId)} rs on true
  left join lateral (select rr.id, rr.status from reports rr
    where rr.student_id = se.student_id and rr.exam_id = se.exam_id and rr.type = ${REPORT_TYPE.student}
    order by rr.id desc limit 1) rp on true
  where se.student_id = ${studentId}
) x`;

/** `GET /api/students/{id}/exams`: the student's exams (the Student's Exams screen), with breadcrumbs. */
export async function listStudentExams(
  db: Db,
  scope: SchoolScope,
  studentId: number,
  query: StudentExamsQuery,
  now: Date,
  timeZone: string,
  language: 'en' | 'ar',
  graceSeconds: number,
) {
  const student = await loadStudent(db, scope, studentId, language);
  const rows = examRows(studentId, now, scope.readerId, graceSeconds);
  const pattern = query.search ? containsPattern(query.search) : null;
  const search = pattern ? sql`where (x.exam_name_en ilike ${pattern} or x.exam_name_ar ilike ${pattern})` : sql``;
  const { rows: counted } = await sql<{ total: number }>`select count(*)::int as total from ${rows} ${search}`.execute(
    db,
  );
  const order = query.order === 'asc' ? sql`asc` : sql`desc`;
  const sortColumn = {
    id: sql.ref('x.id'),
    name: sql.ref(`x.exam_name_${language}`),
    start_date_time: sql.ref('x.start_date_time'),
  }[query.sort];
  const { rows: found } = await sql<Row>`select x.* from ${rows} ${search}
    order by ${sortColumn} ${order}, x.id ${order} limit ${query.per_page} offset ${offsetOf(query)}`.execute(db);
  const veiled = await veiledExams(db, scope.readerId, examIdsOf(found), now);
  return {
    data: found.map((row) => present(row, timeZone, scope.all || row.released, veiled.has(Number(row.exam_id)))),
    meta: pageMeta(query, Number(counted[0].total)),
    breadcrumbs: breadcrumbsOf({ school: student.school, grade: student.grade, student }),
  };
}

/** `GET /api/students/{id}/profile`: the student, their classes and every exam with status and results. */
export async function studentProfile(
  db: Db,
  scope: SchoolScope,
  studentId: number,
  now: Date,
  timeZone: string,
  graceSeconds: number,
  language: 'en' | 'ar',
): Promise<StudentProfile> {
  const student = await loadStudent(db, scope, studentId, language);
  const { rows } =
    await sql<Row>`select x.* from ${examRows(studentId, now, scope.readerId, graceSeconds)} order by x.id`.execute(db);
  const veiled = await veiledExams(db, scope.readerId, examIdsOf(rows), now);
  return {
    student: {
      id: student.id,
      name: student.name,
      gender: student.gender,
      nationality: student.nationality,
      school: student.school,
      grade: student.grade,
      level: student.level,
    },
    classes: [student.class],
    exams: rows.map((row) => present(row, timeZone, scope.all || row.released, veiled.has(Number(row.exam_id)))),
    breadcrumbs: breadcrumbsOf({ school: student.school, grade: student.grade, student }),
  };
}
