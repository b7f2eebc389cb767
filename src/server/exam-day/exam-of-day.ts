import { sql } from 'kysely';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';

/** What exam day needs of an exam: whether it is a practice test, its duration and its questions. */
export interface ExamOfDay {
  id: number;
  name_en: string;
  name_ar: string;
  is_mock: boolean;
  duration_minutes: number;
  question_count: number;
  /** Adaptive (issue 43): its students' questions differ, one at a time. */
  adaptive: boolean;
  /** Marked by name (`none`); anonymously (`held`), or so until an administrator lifted it (`lifted`). */
  anonymity: 'none' | 'held' | 'lifted';
}

export async function loadExamOfDay(db: Db, examId: number): Promise<ExamOfDay> {
  const exam = await db
    .selectFrom('exams')
    .innerJoin('durations', 'durations.id', 'exams.duration_id')
    .innerJoin('exam_types', 'exam_types.id', 'exams.exam_type_id')
    .select(({ selectFrom }) => [
      'exams.id',
      'exams.name_en',
      'exams.name_ar',
      'exam_types.is_mock',
      'durations.number as duration_minutes',
      selectFrom('exam_questions')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .whereRef('exam_questions.exam_id', '=', 'exams.id')
        .as('question_count'),
      'exams.delivery_mode',
      'exams.adaptive_max_questions',
      sql<ExamOfDay['anonymity']>`case when not coalesce(exams.anonymous_marking, false) then 'none'
        when exists (select 1 from anonymity_lifts l where l.exam_id = exams.id) then 'lifted'
        else 'held' end`.as('anonymity'),
    ])
    .where('exams.id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  const { delivery_mode, adaptive_max_questions, ...rest } = exam;
  const count = Number(exam.question_count ?? 0);
  // An adaptive exam gives each student at most its most questions, out of a larger pool.
  return {
    ...rest,
    adaptive: delivery_mode === 'adaptive',
    question_count: delivery_mode === 'adaptive' ? Math.min(count, adaptive_max_questions ?? count) : count,
  };
}
