import { sql } from 'kysely';
import { studentNameMatches, studentNameSql } from '../db/student-name';
import { z } from 'zod';
import type { SchoolGrade, SchoolStatus, SchoolStudent } from '../../common/contracts/index';
import { CORRECTION_STATUS } from '../../common/correction/index';
import { assertSchoolInScope, inSchoolScope, type SchoolScope } from '../auth';
import {
  correctionRollUp,
  correctionStatusEntry,
  correctionStatusId,
  latestAttempt,
  readerSheet,
  rolledUpStatus,
} from '../correction';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import { notFound } from '../http/app-error';
import { idListFilter } from '../http/list-filters';
import { listQuerySchema, offsetOf, pageMeta } from '../http/pagination';
import {
  groupReportStatusEntry,
  groupReportStatuses,
  migrationStates,
  migrationStatusEntry,
  NO_MIGRATION,
} from '../reports';
import { breadcrumbsOf } from './breadcrumbs';

export const schoolStatusQuery = z.strictObject({ 'filter[id]': idListFilter() });
export const gradesQuery = listQuerySchema(['id', 'name'], { sort: 'id', order: 'asc' });
export const studentsQuery = listQuerySchema(['id', 'name', 'school_class'], { sort: 'id', order: 'asc' }).extend({
  'filter[school_class_id]': idListFilter(),
});

export async function loadSchool(db: Db, scope: SchoolScope, schoolId: number) {
  assertSchoolInScope(scope, schoolId);
  const school = await db
    .selectFrom('schools')
    .select(['id', 'name_en', 'name_ar'])
    .where('id', '=', schoolId)
    .executeTakeFirst();
  if (!school) throw notFound();
  return school;
}

/**
 * `GET /api/schools/status`: for each school in the caller's scope (or those of `filter[id]`), its
 * correction status rolled up over every exam, its reports taken together, its report migration,
 * and how many students and exams it has.
 */
export async function schoolStatuses(db: Db, scope: SchoolScope, ids?: number[]): Promise<SchoolStatus[]> {
  let query = db.selectFrom('schools').select('id').orderBy('id');
  if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  const schoolIds = (await query.execute()).map((row) => row.id).filter((id) => inSchoolScope(scope, id));
  if (schoolIds.length === 0) return [];
  const [corrections, reports, migrations, counts] = await Promise.all([
    correctionRollUp(db, 'school', {}, scope.readerId),
    groupReportStatuses(db, 'school'),
    migrationStates(db, schoolIds),
    sql<{ school_id: number; students: number; exams: number }>`
      select st.school_id, count(distinct st.id)::int as students, count(distinct se.exam_id)::int as exams
      from students st left join student_exams se on se.student_id = st.id
      where st.school_id in (${sql.join(schoolIds)})
      group by st.school_id`.execute(db),
  ]);
  const countOf = new Map(counts.rows.map((row) => [Number(row.school_id), row]));
  return schoolIds.map((id) => {
    const migration = migrations.get(id) ?? NO_MIGRATION;
    const report = reports.get(id);
    return {
      school_id: id,
      correction_status: correctionStatusEntry(rolledUpStatus(corrections, id))!,
      report_status: groupReportStatusEntry(report?.status ?? 'none'),
      reports_count: report?.count ?? 0,
      migration: {
        status: migrationStatusEntry(migration.status),
        started_at: migration.started_at?.toISOString() ?? null,
        finished_at: migration.finished_at?.toISOString() ?? null,
        results: migration.results,
      },
      students_count: Number(countOf.get(id)?.students ?? 0),
      exams_count: Number(countOf.get(id)?.exams ?? 0),
    };
  });
}

/** `GET /api/schools/{id}/grades`: the grades that have students at the school. */
export async function listSchoolGrades(
  db: Db,
  scope: SchoolScope,
  schoolId: number,
  query: z.infer<typeof gradesQuery>,
  language: 'en' | 'ar',
) {
  const school = await loadSchool(db, scope, schoolId);
  const search = query.search
    ? sql`and (g.name_en ilike ${containsPattern(query.search)} or g.name_ar ilike ${containsPattern(query.search)})`
    : sql``;
  const grouped = sql`(
    select g.id, g.name_en, g.name_ar, count(distinct st.school_class_id)::int as classes_count,
      count(st.id)::int as students_count
    from students st join grades g on g.id = st.grade_id
    where st.school_id = ${schoolId} ${search}
    group by g.id, g.name_en, g.name_ar) x`;
  const { rows: counted } = await sql<{ total: number }>`select count(*)::int as total from ${grouped}`.execute(db);
  const order = query.order === 'asc' ? sql`asc` : sql`desc`;
  const sortColumn = query.sort === 'name' ? sql.ref(`x.name_${language}`) : sql.ref('x.id');
  const { rows } = await sql<{
    id: number;
    name_en: string;
    name_ar: string;
    classes_count: number;
    students_count: number;
  }>`select x.* from ${grouped} order by ${sortColumn} ${order}, x.id ${order}
     limit ${query.per_page} offset ${offsetOf(query)}`.execute(db);
  const [corrections, reports] = await Promise.all([
    correctionRollUp(db, 'grade', { school_id: schoolId }, scope.readerId),
    groupReportStatuses(db, 'grade', schoolId),
  ]);
  const data: SchoolGrade[] = rows.map((row) => ({
    id: Number(row.id),
    name_en: row.name_en,
    name_ar: row.name_ar,
    school_id: schoolId,
    classes_count: Number(row.classes_count),
    students_count: Number(row.students_count),
    correction_status: correctionStatusEntry(rolledUpStatus(corrections, Number(row.id)))!,
    report_status: groupReportStatusEntry(reports.get(Number(row.id))?.status ?? 'none'),
  }));
  return { data, meta: pageMeta(query, Number(counted[0].total)), breadcrumbs: breadcrumbsOf({ school }) };
}

/** `GET /api/schools/{id}/grades/{gradeId}/students`: the school's students of that grade, with their exams counted. */
export async function listSchoolStudents(
  db: Db,
  scope: SchoolScope,
  schoolId: number,
  gradeId: number,
  query: z.infer<typeof studentsQuery>,
  language: 'en' | 'ar',
) {
  const school = await loadSchool(db, scope, schoolId);
  const grade = await db
    .selectFrom('grades')
    .select(['id', 'name_en', 'name_ar'])
    .where('id', '=', gradeId)
    .executeTakeFirst();
  if (!grade) throw notFound();
  const conditions = [sql`st.school_id = ${schoolId}`, sql`st.grade_id = ${gradeId}`];
  const classes = query['filter[school_class_id]'];
  if (classes) conditions.push(sql`st.school_class_id in (${sql.join(classes)})`);
  if (query.search) conditions.push(studentNameMatches(containsPattern(query.search)));
  const where = sql.join(conditions, sql` and `);
  const { rows: counted } = await sql<{
    total: number;
  }>`select count(*)::int as total from students st where ${where}`.execute(db);
  const order = query.order === 'asc' ? sql`asc` : sql`desc`;
  const sortColumn = {
    id: sql.ref('st.id'),
    name: studentNameSql(language),
    school_class: sql.ref(`cl.name_${language}`),
  }[query.sort];
  const { rows } = await sql<{
    id: number;
    name: string;
    gender: 'male' | 'female';
    nationality: string;
    class_id: number;
    class_name_en: string;
    class_name_ar: string;
    exams_count: number;
    submitted_count: number;
    corrected_count: number;
  }>`
    select st.id, ${studentNameSql(language)} as name, st.gender, st.nationality, cl.id as class_id, cl.name_en as class_name_en,
      cl.name_ar as class_name_ar,
      (select count(*)::int from student_exams se where se.student_id = st.id) as exams_count,
      (select count(*)::int from student_exams se join lateral ${latestAttempt} la on true
        where se.student_id = st.id and la.status = 'submitted') as submitted_count,
      (select count(*)::int from student_exams se join exams e on e.id = se.exam_id
        join lateral ${latestAttempt} la on true left join lateral ${readerSheet(scope.readerId)} rs on true
        where se.student_id = st.id and ${correctionStatusId} = ${CORRECTION_STATUS.corrected}) as corrected_count
    from students st join school_classes cl on cl.id = st.school_class_id
    where ${where}
    order by ${sortColumn} ${order}, st.id ${order}
    limit ${query.per_page} offset ${offsetOf(query)}`.execute(db);
  const data: SchoolStudent[] = rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    gender: row.gender,
    nationality: row.nationality,
    school_id: schoolId,
    grade_id: gradeId,
    school_class: { id: Number(row.class_id), name_en: row.class_name_en, name_ar: row.class_name_ar },
    exams_count: Number(row.exams_count),
    submitted_count: Number(row.submitted_count),
    corrected_count: Number(row.corrected_count),
  }));
  return { data, meta: pageMeta(query, Number(counted[0].total)), breadcrumbs: breadcrumbsOf({ school, grade }) };
}
