import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import type { QuestionsStore } from '../questions';
import { examStudentQuestions, loadLocalization } from './student-questions';

/**
 * The exam as a student will see it: pages of `questions_per_page` (0: one page), each question
 * without its key, media as URLs, and, for a localized exam, the localization's texts.
 */
export async function previewExam(db: Db, bank: QuestionsStore, examId: number, localizationId?: number) {
  const exam = await db
    .selectFrom('exams')
    .innerJoin('durations', 'durations.id', 'exams.duration_id')
    .select([
      'exams.id',
      'exams.name_en',
      'exams.name_ar',
      'exams.questions_per_page',
      'exams.is_published',
      'durations.number as duration_minutes',
    ])
    .where('exams.id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  const localization = localizationId === undefined ? null : await loadLocalization(db, examId, localizationId);
  const questions = await examStudentQuestions(db, bank, examId, localization);
  const perPage = exam.questions_per_page > 0 ? exam.questions_per_page : Math.max(questions.length, 1);
  const pages = [];
  for (let i = 0; i < questions.length; i += perPage) pages.push(questions.slice(i, i + perPage));
  return {
    exam: { ...exam, total_mark: questions.reduce((sum, q) => sum + q.mark, 0), questions_count: questions.length },
    localization: localization && { id: localization.id, name: localization.name, countries: localization.countries },
    pages,
  };
}
