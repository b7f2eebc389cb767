import { parseQuestion, studentQuestion } from '../../common/questions/index';
import { applyTranslation, type QuestionTranslation } from '../../common/exams/localization';
import { contentLanguageOf } from '../../common/text-direction';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import type { QuestionsStore } from '../questions';

const mediaUrl = (reference: string | null) => (reference ? `/api/media/${reference.replace(/^media\//, '')}` : null);

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
  let translations: Record<string, QuestionTranslation> = {};
  let localization: { id: number; name: string; countries: unknown } | null = null;
  if (localizationId !== undefined) {
    const row = await db
      .selectFrom('exam_localizations')
      .selectAll()
      .where('id', '=', localizationId)
      .where('exam_id', '=', examId)
      .executeTakeFirst();
    if (!row) throw notFound();
    const parsed = (typeof row.translations === 'string' ? JSON.parse(row.translations) : row.translations) as {
      questions?: Record<string, QuestionTranslation>;
    };
    translations = parsed.questions ?? {};
    localization = {
      id: row.id,
      name: row.name,
      countries: typeof row.countries === 'string' ? JSON.parse(row.countries) : row.countries,
    };
  }
  const rows = await db
    .selectFrom('exam_questions')
    .selectAll()
    .where('exam_id', '=', examId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const presented = await bank.present(rows);
  const questions = presented.map((row, index) => {
    const stored = row as Record<string, unknown> & { id: number; text: string; answer_key: unknown };
    const translation = translations[String(row.id)];
    const localized = applyTranslation(stored, translation);
    // A translated question reads in its translation's direction, not its source's.
    if (translation) localized.content_language = contentLanguageOf(localized.text, stored.content_language as string);
    const { media_url: _m, instruction_audio_url: _i, ...input } = localized;
    const parsed = parseQuestion(input);
    if (!parsed.success) throw new Error(`exam question ${row.id} no longer validates: ${parsed.message}`);
    const view = studentQuestion(parsed.data);
    return {
      id: row.id,
      position: rows[index].position,
      ...view,
      media_url: mediaUrl(view.media),
      instruction_audio_url: mediaUrl(view.instruction_audio),
    };
  });
  const perPage = exam.questions_per_page > 0 ? exam.questions_per_page : Math.max(questions.length, 1);
  const pages = [];
  for (let i = 0; i < questions.length; i += perPage) pages.push(questions.slice(i, i + perPage));
  return {
    exam: { ...exam, total_mark: questions.reduce((sum, q) => sum + q.mark, 0), questions_count: questions.length },
    localization,
    pages,
  };
}
