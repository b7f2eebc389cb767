import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { idValue } from '../../common/ids';
import { assertSchoolInScope, schoolScopeCondition, type SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { resultsReleasedSql } from '../delivery';
import { notFound } from '../http/app-error';

/** Whom an intervention or a release is for: students, a class or a school (within one's schools). */
export const targetFields = {
  student_ids: z.array(idValue()).min(1).max(10_000).optional(),
  school_class_id: idValue().optional(),
  school_id: idValue().optional(),
};
export type TargetInput = { student_ids?: number[]; school_class_id?: number; school_id?: number };

/** How many kinds of target a request names (an intervention needs exactly one). */
export const targetKinds = (input: TargetInput) =>
  [input.student_ids, input.school_class_id, input.school_id].filter((v) => v !== undefined).length;

/** An assignment an exam-day action reaches, with where its student was placed and its latest attempt. */
export interface TargetRow {
  assignment_id: number;
  student_id: number;
  name_en: string;
  name_ar: string;
  school_id: number;
  school_class_id: number;
  release_mode: 'manual' | 'after_close';
  released_at: Date | null;
  /** Whether its results have reached its student now (result-release.ts). */
  released: boolean;
  extra_time_minutes: number | null;
  extra_time_percent: number | null;
  attempt_id: number | null;
  status: 'in_progress' | 'submitted' | null;
  deadline_at: Date | null;
  submitted_at: Date | null;
  marking_started: boolean | null;
}

/** The assignment's school and class: where its student sat it (kept on the assignment), else where they are. */
export const placedSchool = sql.raw('coalesce(se.school_id, st.school_id)');
export const placedClass = sql.raw('coalesce(se.school_class_id, st.school_class_id)');

/** A class the reader may see, or 404 (another school's class is not there for them). */
export async function assertClassInScope(db: Db, scope: SchoolScope, classId: number): Promise<void> {
  const schoolClass = await db
    .selectFrom('school_classes')
    .select('school_id')
    .where('id', '=', classId)
    .executeTakeFirst();
  if (!schoolClass) throw notFound();
  assertSchoolInScope(scope, schoolClass.school_id);
}

/**
 * The exam's assignments that `input` names within the reader's schools; a school, class or student
 * outside them (or not assigned this exam) is 404, as another school's records are. `lock`: the
 * assignments' rows are locked for the caller's transaction (a release and another change of the
 * same assignments wait for each other).
 */
export async function resolveTargets(
  db: Db,
  examId: number,
  scope: SchoolScope,
  input: TargetInput,
  when: { now: Date; graceSeconds: number; lock?: boolean },
): Promise<TargetRow[]> {
  const conditions: RawBuilder<unknown>[] = [schoolScopeCondition(scope, placedSchool)];
  if (input.school_id !== undefined) {
    assertSchoolInScope(scope, input.school_id);
    conditions.push(sql`${placedSchool} = ${input.school_id}`);
  }
  if (input.school_class_id !== undefined) {
    await assertClassInScope(db, scope, input.school_class_id);
    conditions.push(sql`${placedClass} = ${input.school_class_id}`);
  }
  const students = input.student_ids ? [...new Set(input.student_ids)] : null;
  if (students) conditions.push(sql`se.student_id in (${sql.join(students)})`);
  const { rows } = await sql<TargetRow>`
    select se.id as assignment_id, se.student_id, st.name_en, st.name_ar, ${placedSchool} as school_id,
      ${placedClass} as school_class_id, se.release_mode, se.released_at,
      ${resultsReleasedSql(when.now, when.graceSeconds)} as released,
      se.extra_time_minutes, se.extra_time_percent, a.id as attempt_id, a.status, a.deadline_at,
      a.submitted_at, a.marking_started
    from student_exams se
    join students st on st.id = se.student_id
    join exams e on e.id = se.exam_id
    join exam_types et on et.id = e.exam_type_id
    left join lateral (
      select id, status, deadline_at, submitted_at, marking_started from exam_attempts
      where student_exam_id = se.id order by number desc limit 1
    ) a on true
    where se.exam_id = ${examId} and ${sql.join(conditions, sql` and `)}
    order by se.id
    ${when.lock ? sql`for update of se` : sql``}`.execute(db);
  // A student named but not found (not assigned this exam, or in another school) is not there for the reader.
  if (students && new Set(rows.map((row) => row.student_id)).size !== students.length) throw notFound();
  return rows.map((row) => ({
    ...row,
    released_at: row.released_at === null ? null : new Date(row.released_at),
    deadline_at: row.deadline_at === null ? null : new Date(row.deadline_at),
    submitted_at: row.submitted_at === null ? null : new Date(row.submitted_at),
  }));
}

/**
 * Locks the attempts of these assignments, then the assignments, in id order: the order a
 * submission keeps (the attempt, then its assignment), so an intervention and a submission, a
 * save or the deadline job wait for each other and never deadlock.
 */
export async function lockAssignmentsAndAttempts(db: Db, assignmentIds: number[]): Promise<void> {
  if (assignmentIds.length === 0) return;
  await db
    .selectFrom('exam_attempts')
    .select('id')
    .where('student_exam_id', 'in', assignmentIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  await db
    .selectFrom('student_exams')
    .select('id')
    .where('id', 'in', assignmentIds)
    .orderBy('id')
    .forUpdate()
    .execute();
}
