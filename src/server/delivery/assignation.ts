import { sql } from 'kysely';
import { containsPattern } from '../db/like';
import { studentNameMatches, studentNameSql } from '../db/student-name';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { eligibleStudents, loadExamTarget } from './eligibility';

/** The schools with students eligible for the exam, each with its eligible and assigned counts. */
export async function assignationSchools(db: Db, examId: number) {
  const exam = await loadExamTarget(db, examId);
  const rows = await eligibleStudents(db, exam)
    .innerJoin('schools', 'schools.id', 'students.school_id')
    .leftJoin('student_exams', (join) =>
      join.onRef('student_exams.student_id', '=', 'students.id').on('student_exams.exam_id', '=', examId),
    )
    .select([
      'schools.id',
      'schools.name',
      'schools.name_en',
      'schools.name_ar',
      sql<number>`count(students.id)::int`.as('eligible_count'),
      sql<number>`count(student_exams.id)::int`.as('assigned_count'),
    ])
    .groupBy(['schools.id', 'schools.name', 'schools.name_en', 'schools.name_ar'])
    .orderBy('schools.name_en')
    .execute();
  return rows;
}

export interface StudentsQuery {
  school_class_id?: number;
  search?: string;
}

/**
 * One school's eligible students with whether each is assigned, has started, and has answers (which a
 * reassignment would erase): filterable by class, searchable by name.
 */
export async function assignationStudents(
  db: Db,
  examId: number,
  schoolId: number,
  query: StudentsQuery,
  language: 'en' | 'ar',
) {
  const exam = await loadExamTarget(db, examId);
  const school = await db.selectFrom('schools').select('id').where('id', '=', schoolId).executeTakeFirst();
  if (!school) throw notFound();
  let rows = eligibleStudents(db, exam)
    .innerJoin('school_classes', 'school_classes.id', 'students.school_class_id')
    .leftJoin('student_exams', (join) =>
      join.onRef('student_exams.student_id', '=', 'students.id').on('student_exams.exam_id', '=', examId),
    )
    .select((eb) => [
      'students.id',
      studentNameSql(language, 'students').as('name'),
      'students.school_class_id',
      'school_classes.name_en as school_class_name_en',
      'school_classes.name_ar as school_class_name_ar',
      'student_exams.id as student_exam_id',
      'student_exams.started_at',
      eb
        .exists(
          eb
            .selectFrom('attempt_answers')
            .innerJoin('exam_attempts', 'exam_attempts.id', 'attempt_answers.attempt_id')
            .whereRef('exam_attempts.student_exam_id', '=', 'student_exams.id'),
        )
        .as('has_answers'),
    ])
    .where('students.school_id', '=', schoolId);
  if (query.school_class_id !== undefined) rows = rows.where('students.school_class_id', '=', query.school_class_id);
  if (query.search) rows = rows.where(studentNameMatches(containsPattern(query.search), 'students'));
  const found = await rows.orderBy(studentNameSql(language, 'students')).orderBy('students.id').execute();
  return found.map((row) => ({
    id: row.id,
    name: row.name,
    school_class_id: row.school_class_id,
    school_class: { id: row.school_class_id, name_en: row.school_class_name_en, name_ar: row.school_class_name_ar },
    assigned: row.student_exam_id !== null,
    started: row.started_at !== null,
    has_answers: Boolean(row.has_answers),
  }));
}
