import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { ReportFilters, ReportRecord } from '../../common/contracts/index';
import { idParam } from '../../common/ids';
import { REPORT_SORT_KEYS, REPORT_STATUSES, REPORT_TYPES } from '../../common/reports/index';
import { schoolScopeCondition, type SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import { translate } from '../http/i18n';
import { codeListFilter, idListFilter } from '../http/list-filters';
import { listQuerySchema, offsetOf, pageMeta } from '../http/pagination';
import { REPORT_STATUS_ENTRIES, REPORT_TYPE_ENTRIES, reportStatusEntry, reportTypeEntry } from './report-names';

const COUNTRY = /^[A-Z]{2}$/;

/** `GET /api/reports` (SPEC sections 3 and 7): the list dialect with the spec's filters; `platform_id` on top. */
export const reportsQuery = listQuerySchema(REPORT_SORT_KEYS, { sort: 'id', order: 'asc' }).extend({
  platform_id: idParam().optional(),
  'filter[type]': idListFilter(REPORT_TYPES.length),
  'filter[status]': idListFilter(REPORT_STATUSES.length),
  'filter[school_id]': idListFilter(),
  'filter[round_id]': idListFilter(),
  'filter[grade_id]': idListFilter(),
  'filter[school_class_id]': idListFilter(),
  'filter[student_id]': idListFilter(),
  'filter[skill_id]': idListFilter(),
  'filter[academic_year_id]': idListFilter(),
  'filter[gender]': codeListFilter(/^(male|female)$/, 2),
  'filter[nationality]': codeListFilter(COUNTRY),
  'filter[country]': codeListFilter(COUNTRY),
  'filter[id]': idListFilter(),
});
export type ReportsQuery = z.infer<typeof reportsQuery>;

/** The conditions of the list's filters, within the caller's schools. */
function whereOf(query: ReportsQuery, scope: SchoolScope): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [schoolScopeCondition(scope, sql.ref('r.school_id'))];
  const inList = (column: string, values: readonly (number | string)[] | undefined) => {
    if (values && values.length > 0) conditions.push(sql`${sql.ref(column)} in (${sql.join(values)})`);
  };
  if (query.platform_id !== undefined) conditions.push(sql`r.platform_id = ${query.platform_id}`);
  inList('r.id', query['filter[id]']);
  inList('r.type', query['filter[type]']);
  inList('r.status', query['filter[status]']);
  inList('r.school_id', query['filter[school_id]']);
  inList('r.round_id', query['filter[round_id]']);
  inList('r.grade_id', query['filter[grade_id]']);
  inList('r.school_class_id', query['filter[school_class_id]']);
  inList('r.student_id', query['filter[student_id]']);
  inList('r.academic_year_id', query['filter[academic_year_id]']);
  inList('r.country', query['filter[country]']);
  // A student's gender and nationality: reports about one student.
  inList('st.gender', query['filter[gender]']);
  inList('st.nationality', query['filter[nationality]']);
  const skills = query['filter[skill_id]'];
  if (skills?.length)
    conditions.push(
      sql`exists (select 1 from exam_skills es where es.exam_id = r.exam_id and es.skill_id in (${sql.join(skills)}))`,
    );
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql`(r.name ilike ${pattern} or r.file_name ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

const FROM = sql`reports r
  join platforms p on p.id = r.platform_id
  join schools sc on sc.id = r.school_id
  join exams e on e.id = r.exam_id
  left join rounds ro on ro.id = r.round_id
  left join grades g on g.id = r.grade_id
  left join school_classes cl on cl.id = r.school_class_id
  left join students st on st.id = r.student_id
  left join academic_years ay on ay.id = r.academic_year_id`;

type Row = Record<string, unknown> & { id: number };

const named = (row: Row, prefix: string) =>
  row[`${prefix}_id`] === null
    ? null
    : { id: Number(row[`${prefix}_id`]), name_en: String(row[`${prefix}_en`]), name_ar: String(row[`${prefix}_ar`]) };

/** A report record as the list shows it. */
function present(row: Row): ReportRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    file_name: String(row.file_name),
    platform: named(row, 'platform')!,
    type: reportTypeEntry(Number(row.type)),
    school: named(row, 'school')!,
    round: named(row, 'round'),
    grade: named(row, 'grade'),
    school_class: named(row, 'class'),
    student: row.student_id === null ? null : { id: Number(row.student_id), name: String(row.student_name) },
    academic_year: named(row, 'year'),
    language: row.language as ReportRecord['language'],
    exam_id: Number(row.exam_id),
    exam: named(row, 'exam')!,
    country: (row.country as string | null) ?? null,
    modified_at: new Date(row.updated_at as Date).toISOString(),
    generated_at: row.generated_at ? new Date(row.generated_at as Date).toISOString() : null,
    status: reportStatusEntry(Number(row.status)),
  };
}

const SORT_COLUMNS: Record<(typeof REPORT_SORT_KEYS)[number], string> = {
  id: 'r.id',
  name: 'r.name',
  type: 'r.type',
  status: 'r.status',
  modified_at: 'r.updated_at',
};

export async function listReports(db: Db, scope: SchoolScope, query: ReportsQuery) {
  const where = whereOf(query, scope);
  const { rows: counted } = await sql<{
    total: number;
  }>`select count(*)::int as total from ${FROM} where ${where}`.execute(db);
  const order = query.order === 'asc' ? sql`asc` : sql`desc`;
  const { rows } = await sql<Row>`
    select r.id, r.name, r.file_name, r.type, r.language, r.country, r.status, r.updated_at, r.generated_at,
      r.exam_id, e.name_en as exam_en, e.name_ar as exam_ar,
      p.id as platform_id, p.name_en as platform_en, p.name_ar as platform_ar,
      sc.id as school_id, sc.name_en as school_en, sc.name_ar as school_ar,
      ro.id as round_id, ro.name_en as round_en, ro.name_ar as round_ar,
      g.id as grade_id, g.name_en as grade_en, g.name_ar as grade_ar,
      cl.id as class_id, cl.name_en as class_en, cl.name_ar as class_ar,
      st.id as student_id, st.name as student_name,
      ay.id as year_id, ay.name_en as year_en, ay.name_ar as year_ar
    from ${FROM} where ${where}
    order by ${sql.ref(SORT_COLUMNS[query.sort])} ${order}, r.id ${order}
    limit ${query.per_page} offset ${offsetOf(query)}`.execute(db);
  return { data: rows.map(present), meta: pageMeta(query, Number(counted[0].total)) };
}

/** The reports of these ids that the caller may reach, for downloads: 404 when one is not. */
export async function reportsInScope(db: Db, scope: SchoolScope, ids: number[]) {
  const rows = await db
    .selectFrom('reports')
    .select(['id', 'type', 'status', 'language', 'file_name', 'school_id'])
    .where('id', 'in', ids)
    .where(schoolScopeCondition(scope, sql.ref('school_id')))
    .orderBy('id')
    .execute();
  return rows;
}

/** `GET /api/reports/filters`: the choices of the report list's filters, within the caller's schools. */
/** `GET /api/reports/filters`'s query: the classes whose students to offer. */
export const reportFiltersQuery = z.object({ 'filter[school_class_id]': idListFilter() });

export async function reportFilters(
  db: Db,
  scope: SchoolScope,
  query: z.infer<typeof reportFiltersQuery> = {},
): Promise<ReportFilters> {
  const inScope = schoolScopeCondition(scope, sql.ref('r.school_id'));
  const distinct = async (table: string, column: string) => {
    const { rows } = await sql<{ id: number; name_en: string; name_ar: string }>`
      select t.id, t.name_en, t.name_ar from ${sql.table(table)} t
      where t.id in (select ${sql.ref(`r.${column}`)} from reports r where ${inScope})
      order by t.id`.execute(db);
    return rows.map((row) => ({ id: Number(row.id), name_en: row.name_en, name_ar: row.name_ar }));
  };
  const schools = await db
    .selectFrom('schools')
    .select(['id', 'name_en', 'name_ar'])
    .where(schoolScopeCondition(scope, sql.ref('id')))
    .orderBy('id')
    .execute();
  const { rows: skills } = await sql<{ id: number; name_en: string; name_ar: string }>`
    select distinct sk.id, sk.name_en, sk.name_ar from skills sk
    join exam_skills es on es.skill_id = sk.id
    where es.exam_id in (select r.exam_id from reports r where ${inScope}) order by sk.id`.execute(db);
  const { rows: nationalities } = await sql<{ code: string }>`
    select distinct st.nationality as code from reports r join students st on st.id = r.student_id
    where ${inScope} and st.nationality is not null order by 1`.execute(db);
  const { rows: classes } = await sql<{ id: number; name_en: string; name_ar: string }>`
    select cl.id, cl.name_en || ' · ' || sc.name_en as name_en, cl.name_ar || ' · ' || sc.name_ar as name_ar
    from school_classes cl join schools sc on sc.id = cl.school_id
    where cl.id in (select r.school_class_id from reports r where ${inScope})
    order by sc.id, cl.name_en, cl.id`.execute(db);
  const chosenClasses = query['filter[school_class_id]'] ?? [];
  const { rows: students } = chosenClasses.length
    ? await sql<{ id: number; name_en: string; name_ar: string }>`
        select st.id, st.name_en, coalesce(nullif(st.name_ar, ''), st.name_en) as name_ar from students st
        where st.id in (select r.student_id from reports r
          where ${inScope} and r.school_class_id in (${sql.join(chosenClasses)}))
        order by st.name_en, st.id`.execute(db)
    : { rows: [] };
  const { rows: countries } = await sql<{ code: string }>`
    select distinct r.country as code from reports r where ${inScope} and r.country is not null order by 1`.execute(db);
  return {
    types: REPORT_TYPE_ENTRIES,
    statuses: REPORT_STATUS_ENTRIES,
    schools,
    grades: await distinct('grades', 'grade_id'),
    classes: classes.map((row) => ({ id: Number(row.id), name_en: row.name_en, name_ar: row.name_ar })),
    students: students.map((row) => ({ id: Number(row.id), name_en: row.name_en, name_ar: row.name_ar })),
    rounds: await distinct('rounds', 'round_id'),
    academic_years: await distinct('academic_years', 'academic_year_id'),
    skills: skills.map((row) => ({ id: Number(row.id), name_en: row.name_en, name_ar: row.name_ar })),
    genders: (['male', 'female'] as const).map((id) => ({
      id,
      name_en: translate('en', `reports.genders.${id}`),
      name_ar: translate('ar', `reports.genders.${id}`),
    })),
    nationalities: nationalities.map((row) => row.code),
    countries: countries.map((row) => row.code),
  };
}
