import type { AssignedFilters } from '../../common/contracts/index';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { CORRECTION_STATUS_ENTRIES, EXAM_STATUS_ENTRIES, correctionStatusEntry } from './status-names';
import { correctionRollUp, rolledUpStatus } from './status-sql';

/**
 * `GET /api/exams/{id}/assigned/filters`: what the list can be filtered by, with the rolled-up
 * correction status of the exam and of each school and class among its assigned students, as the
 * reader may see them (the attempts they mark blind count by their own sheet). Under anonymous
 * marking no school or class is offered.
 */
export async function assignedFilters(db: Db, examId: number, readerId: number): Promise<AssignedFilters> {
  const exam = await db
    .selectFrom('exams')
    .innerJoin('exam_types', 'exam_types.id', 'exams.exam_type_id')
    .select([
      'exams.id',
      'exams.name_en',
      'exams.name_ar',
      'exams.double_marking',
      'exams.anonymous_marking',
      'exam_types.is_mock',
    ])
    .where('exams.id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  const examStatus = rolledUpStatus(await correctionRollUp(db, 'exam', { exam_id: examId }, readerId), examId);
  const base = {
    exam: { ...exam, correction_status: correctionStatusEntry(examStatus)! },
    exam_statuses: EXAM_STATUS_ENTRIES,
    correction_statuses: CORRECTION_STATUS_ENTRIES,
  };
  if (exam.anonymous_marking) return { ...base, schools: [], school_classes: [] };
  const places = await db
    .selectFrom('student_exams')
    .innerJoin('students', 'students.id', 'student_exams.student_id')
    .innerJoin('schools', 'schools.id', 'students.school_id')
    .innerJoin('school_classes', 'school_classes.id', 'students.school_class_id')
    .select([
      'schools.id as school_id',
      'schools.name_en as school_name_en',
      'schools.name_ar as school_name_ar',
      'school_classes.id as class_id',
      'school_classes.name_en as class_name_en',
      'school_classes.name_ar as class_name_ar',
    ])
    .distinct()
    .where('student_exams.exam_id', '=', examId)
    .orderBy('schools.name_en')
    .orderBy('school_classes.name_en')
    .execute();
  const [bySchool, byClass] = await Promise.all([
    correctionRollUp(db, 'school', { exam_id: examId }, readerId),
    correctionRollUp(db, 'school_class', { exam_id: examId }, readerId),
  ]);
  const schools = new Map<number, AssignedFilters['schools'][number]>();
  for (const p of places)
    if (!schools.has(p.school_id))
      schools.set(p.school_id, {
        id: p.school_id,
        name_en: p.school_name_en,
        name_ar: p.school_name_ar,
        correction_status: correctionStatusEntry(rolledUpStatus(bySchool, p.school_id))!,
      });
  return {
    ...base,
    schools: [...schools.values()],
    school_classes: places.map((p) => ({
      id: p.class_id,
      school_id: p.school_id,
      name_en: p.class_name_en,
      name_ar: p.class_name_ar,
      correction_status: correctionStatusEntry(rolledUpStatus(byClass, p.class_id))!,
    })),
  };
}
