import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The rows that identify one student's data: their record, account, assignments, attempts and recordings. */
export interface StudentFootprint {
  studentId: number;
  schoolId: number;
  userId: number | null;
  assignmentIds: number[];
  attemptIds: number[];
  /** Their recordings (media they uploaded: a student uploads nothing else). */
  media: { id: number; file_name: string }[];
  /** Their individual reports. */
  reportIds: number[];
}

/**
 * Where one student's data is, found once for an export and an erasure (issue 45): the student's
 * record (any school: the caller checks the scope), their account, assignments and attempts, the
 * recordings their account uploaded and the reports made about them alone.
 */
export async function studentFootprint(db: Db, studentId: number): Promise<StudentFootprint | null> {
  const student = await db
    .selectFrom('students')
    .select(['id', 'school_id', 'user_id'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  if (!student) return null;
  const [assignments, attempts, media, reports] = await Promise.all([
    db.selectFrom('student_exams').select('id').where('student_id', '=', studentId).orderBy('id').execute(),
    db
      .selectFrom('exam_attempts as a')
      .innerJoin('student_exams as se', 'se.id', 'a.student_exam_id')
      .select('a.id')
      .where('se.student_id', '=', studentId)
      .orderBy('a.id')
      .execute(),
    student.user_id === null
      ? Promise.resolve([])
      : db
          .selectFrom('media')
          .select(['id', 'file_name'])
          .where('owner_id', '=', student.user_id)
          .orderBy('id')
          .execute(),
    db.selectFrom('reports').select('id').where('student_id', '=', studentId).orderBy('id').execute(),
  ]);
  return {
    studentId,
    schoolId: Number(student.school_id),
    userId: student.user_id,
    assignmentIds: assignments.map((row) => row.id),
    attemptIds: attempts.map((row) => row.id),
    media,
    reportIds: reports.map((row) => row.id),
  };
}

/** The audit log's targets that name the student or their data. */
export const auditTargetsOf = (footprint: StudentFootprint): string[] => [
  `students/${footprint.studentId}`,
  ...(footprint.userId === null ? [] : [`users/${footprint.userId}`]),
  ...footprint.assignmentIds.map((id) => `student_exams/${id}`),
  ...footprint.media.map((row) => `media/${row.id}`),
  ...footprint.reportIds.map((id) => `reports/${id}`),
];

/** The audit rows about the student or written by their account, oldest first. */
export async function auditRowsOf(db: Db, footprint: StudentFootprint) {
  const { rows } = await sql<Record<string, unknown>>`
    select id, at, action, target, summary, reason,
      case when actor_id = ${footprint.userId}::int then address end as address,
      (actor_id = ${footprint.userId}::int) as by_student
    from audit_log
    where target = any(${auditTargetsOf(footprint)}::text[]) or actor_id = ${footprint.userId}::int
    order by at, id`.execute(db);
  return rows;
}

/** The exams of the student's assignments (what an export names them beside). */
export async function examIdsOf(db: Db, footprint: StudentFootprint): Promise<number[]> {
  if (footprint.assignmentIds.length === 0) return [];
  const rows = await db
    .selectFrom('student_exams')
    .select('exam_id')
    .distinct()
    .where('id', 'in', footprint.assignmentIds)
    .execute();
  return rows.map((row) => Number(row.exam_id));
}
