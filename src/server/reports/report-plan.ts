import { sql } from 'kysely';
import { CORRECTION_STATUS } from '../../common/correction/index';
import {
  PENDING_REPORT_STATUSES,
  REPORT_STATUS,
  REPORT_TYPE,
  type ReportLanguageChoice,
} from '../../common/reports/index';
import { composeName } from '../../common/text-bounds';
import { inSchoolScope, type SchoolScope } from '../auth';
import { correctionRollUp, rolledUpStatus } from '../correction';
import type { Db } from '../db/database';
import { reportFileName } from './report-file-names';
import { migrateSchoolResults } from './report-migration';

/** A school or grade left out of a generation, and why (a catalog key). */
export interface Skipped {
  school_id: number;
  grade_id: number | null;
  reason: string;
}

export interface PlanRequest {
  scope: SchoolScope;
  /** 'school': the reports of whole schools; 'grade': of grades of one school. */
  level: 'school' | 'grade';
  schoolId?: number;
  gradeId?: number;
  /** Only schools (or grades) whose correction status is one of these; all when absent. */
  statusIds?: number[];
  language: ReportLanguageChoice;
  userId: number;
  /** Only the school reports (the school's "generate report" action), not the class, grade and student ones. */
  schoolReportsOnly?: boolean;
}

export interface Plan {
  reportIds: number[];
  /** The reports that need a job: new, or made before (or failed); not those already queued or being generated. */
  queueIds: number[];
  skipped: Skipped[];
}

/** A report record and whether a job must make it (false: a job already waiting or running makes it). */
interface Upserted {
  id: number;
  queue: boolean;
}

/** The `reports.name` column's length (characters). */
const REPORT_NAME_LENGTH = 255;

interface Names {
  exam: { id: number; name_en: string; platform_id: number; round_id: number; academic_year_id: number | null };
  school: { id: number; name_en: string };
}

/**
 * Creates the record of a report, or makes an existing one (same type and scope) wait to be
 * generated again. A report already queued or being generated in the same languages is joined as
 * it is: the request gets its id and no second job (ten requests for a school's reports make its
 * reports once, not ten times). The row is locked until the plan's transaction ends, so parallel
 * requests join one another too.
 */
async function upsertReport(
  db: Db,
  request: PlanRequest,
  names: Names,
  type: number,
  at: {
    grade?: { id: number; name_en: string };
    schoolClass?: { id: number; name_en: string };
    student?: { id: number; name: string };
  },
  now: Date,
): Promise<Upserted> {
  const scopeKey = [
    `t${type}`,
    `e${names.exam.id}`,
    `s${names.school.id}`,
    `g${at.grade?.id ?? ''}`,
    `c${at.schoolClass?.id ?? ''}`,
    `st${at.student?.id ?? ''}`,
  ].join(':');
  const subject = at.student?.name ?? at.schoolClass?.name_en ?? at.grade?.name_en ?? names.school.name_en;
  const values = {
    // Two names of up to 255 characters each: both shortened to fit the column, never mid-character.
    name: composeName([subject, names.exam.name_en], ' — ', REPORT_NAME_LENGTH),
    type,
    platform_id: names.exam.platform_id,
    exam_id: names.exam.id,
    school_id: names.school.id,
    grade_id: at.grade?.id ?? null,
    school_class_id: at.schoolClass?.id ?? null,
    student_id: at.student?.id ?? null,
    round_id: names.exam.round_id,
    academic_year_id: names.exam.academic_year_id,
    language: request.language,
    country: null,
    status: REPORT_STATUS.generate,
    // A student's file names carry the id too: two students may share a name in one bundle.
    file_name: reportFileName(type, at.student ? `${at.student.name} ${at.student.id}` : subject, names.exam.id),
    error: null,
    created_by: request.userId,
    updated_at: now,
  };
  const existing = () =>
    db
      .selectFrom('reports')
      .select(['id', 'status', 'language'])
      .where('scope_key', '=', scopeKey)
      .forUpdate()
      .executeTakeFirst();
  let row = await existing();
  if (!row) {
    const inserted = await db
      .insertInto('reports')
      .values({ ...values, scope_key: scopeKey, created_at: now })
      .onConflict((oc) => oc.column('scope_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, queue: true };
    row = await existing(); // made meanwhile by a parallel request, now committed
    if (!row) throw new Error(`report ${scopeKey} vanished while being planned`);
  }
  if (PENDING_REPORT_STATUSES.includes(row.status) && row.language === request.language)
    return { id: row.id, queue: false };
  await db.updateTable('reports').set(values).where('id', '=', row.id).execute();
  return { id: row.id, queue: true };
}

/** The non-mock exams with submitted attempts at a school (in one grade when given), and their settings. */
async function examsAt(db: Db, schoolId: number, gradeId?: number) {
  const { rows } = await sql<Names['exam']>`
    select distinct e.id, e.name_en, e.platform_id, e.round_id, e.academic_year_id
    from student_exams se
    join students st on st.id = se.student_id
    join exams e on e.id = se.exam_id
    join exam_types et on et.id = e.exam_type_id
    where st.school_id = ${schoolId} and not et.is_mock
      ${gradeId === undefined ? sql`` : sql`and st.grade_id = ${gradeId}`}
      and exists (select 1 from exam_attempts a where a.student_exam_id = se.id and a.status = 'submitted')
    order by e.id`.execute(db);
  return rows;
}

/** The classes and students of a grade that have a migrated result of the exam. */
async function resultsOf(db: Db, examId: number, schoolId: number, gradeId: number) {
  return db
    .selectFrom('report_results as r')
    .innerJoin('students as st', 'st.id', 'r.student_id')
    .innerJoin('school_classes as cl', 'cl.id', 'r.school_class_id')
    .select(['st.id as student_id', 'st.name as student_name', 'cl.id as class_id', 'cl.name_en as class_name'])
    .where('r.exam_id', '=', examId)
    .where('r.school_id', '=', schoolId)
    .where('r.grade_id', '=', gradeId)
    .orderBy('cl.id')
    .orderBy('st.id')
    .execute();
}

/** The schools a request covers: the caller's, narrowed by school and by rolled-up correction status. */
async function schoolsOf(db: Db, request: PlanRequest) {
  let query = db.selectFrom('schools').select(['id', 'name_en']).orderBy('id');
  if (request.schoolId !== undefined) query = query.where('id', '=', request.schoolId);
  const schools = (await query.execute()).filter((school) => inSchoolScope(request.scope, school.id));
  if (request.level !== 'school' || !request.statusIds) return schools;
  const statuses = await correctionRollUp(db, 'school');
  return schools.filter((school) => request.statusIds!.includes(rolledUpStatus(statuses, school.id)));
}

/**
 * Decides which reports a request makes and records them, waiting to be generated (SPEC section 4):
 * for each exam of each school, a grade's reports (grade, classes, students and, for a grade
 * request, the grade's ZIP bundle) when all of the grade's submitted attempts are corrected, and the
 * school report and the school's ZIP bundle when every grade's are. What is left out says why.
 * The schools' corrected results are migrated into the reporting table first, so the reports show
 * the latest marks. Run it in a transaction to undo everything when the plan is refused.
 */
export async function planReports(db: Db, request: PlanRequest, now: Date): Promise<Plan> {
  const made: Upserted[] = [];
  const skipped: Skipped[] = [];
  for (const school of await schoolsOf(db, request)) {
    await migrateSchoolResults(db, school.id, now);
    const exams = await examsAt(db, school.id, request.level === 'grade' ? request.gradeId : undefined);
    if (exams.length === 0)
      skipped.push({ school_id: school.id, grade_id: null, reason: 'reports.errors.not_eligible' });
    for (const exam of exams) {
      const names: Names = { exam, school };
      const grades = await correctionRollUp(db, 'grade', { school_id: school.id, exam_id: exam.id });
      const gradeNames = new Map(
        (
          await db
            .selectFrom('grades')
            .select(['id', 'name_en'])
            .where('id', 'in', [...grades.keys(), 0])
            .execute()
        ).map((g) => [g.id, g]),
      );
      let allCorrected = true;
      for (const [gradeId, status] of grades) {
        if (status !== CORRECTION_STATUS.corrected) allCorrected = false;
        if (request.level === 'grade' && request.gradeId !== undefined && gradeId !== request.gradeId) continue;
        if (request.level === 'grade' && request.statusIds && !request.statusIds.includes(status)) continue;
        if (request.schoolReportsOnly) continue;
        if (status !== CORRECTION_STATUS.corrected) {
          skipped.push({ school_id: school.id, grade_id: gradeId, reason: 'reports.errors.school_not_corrected' });
          continue;
        }
        const grade = gradeNames.get(gradeId)!;
        made.push(await upsertReport(db, request, names, REPORT_TYPE.grade, { grade }, now));
        const results = await resultsOf(db, exam.id, school.id, gradeId);
        const classes = new Map(results.map((r) => [r.class_id, { id: r.class_id, name_en: r.class_name }]));
        for (const schoolClass of classes.values())
          made.push(await upsertReport(db, request, names, REPORT_TYPE.class, { grade, schoolClass }, now));
        for (const r of results) {
          const at = {
            grade,
            schoolClass: classes.get(r.class_id)!,
            student: { id: r.student_id, name: r.student_name },
          };
          made.push(await upsertReport(db, request, names, REPORT_TYPE.student, at, now));
        }
        if (request.level === 'grade')
          made.push(await upsertReport(db, request, names, REPORT_TYPE.bundle, { grade }, now));
      }
      if (request.level !== 'school') continue;
      if (!allCorrected) {
        skipped.push({ school_id: school.id, grade_id: null, reason: 'reports.errors.school_not_corrected' });
        continue;
      }
      made.push(await upsertReport(db, request, names, REPORT_TYPE.school, {}, now));
      if (!request.schoolReportsOnly) made.push(await upsertReport(db, request, names, REPORT_TYPE.bundle, {}, now));
    }
  }
  return {
    reportIds: [...new Set(made.map((m) => m.id))],
    queueIds: [...new Set(made.filter((m) => m.queue).map((m) => m.id))],
    skipped,
  };
}
