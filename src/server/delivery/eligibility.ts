import type { Db } from '../db/database';
import { notFound } from '../http/app-error';

/** What decides who may take an exam: its platform's stage (grade on IRA, level on ISA). */
export interface ExamTarget {
  id: number;
  is_published: boolean;
  identifier: 'IRA' | 'ISA';
  grade_id: number | null;
  level_id: number | null;
  start_date_time: Date;
  end_date_time: Date;
  duration_minutes: number;
  is_mock: boolean;
}

export async function loadExamTarget(db: Db, examId: number): Promise<ExamTarget> {
  const exam = await db
    .selectFrom('exams')
    .innerJoin('platforms', 'platforms.id', 'exams.platform_id')
    .innerJoin('durations', 'durations.id', 'exams.duration_id')
    .innerJoin('exam_types', 'exam_types.id', 'exams.exam_type_id')
    .select([
      'exams.id',
      'exams.is_published',
      'platforms.identifier',
      'exams.grade_id',
      'exams.level_id',
      'exams.start_date_time',
      'exams.end_date_time',
      'durations.number as duration_minutes',
      'exam_types.is_mock',
    ])
    .where('exams.id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  return exam as ExamTarget;
}

/**
 * The students eligible for an exam: on IRA those of its grade; on ISA those of its level (who
 * need a grade as well, which every student has).
 */
export function eligibleStudents(db: Db, exam: ExamTarget) {
  const query = db.selectFrom('students');
  return exam.identifier === 'IRA'
    ? query.where('students.grade_id', '=', exam.grade_id ?? -1)
    : query.where('students.level_id', '=', exam.level_id ?? -1);
}
