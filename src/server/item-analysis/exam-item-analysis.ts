import type { ItemAnalysisReport } from '../../common/contracts/index';
import { plainText } from '../../common/questions/rich-text';
import { analyseItems } from '../../common/statistics/index';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { analysisFingerprint, type AnalysisCache } from './analysis-cache';
import { choiceOptions, loadItemScores, type ExamQuestion } from './item-scores';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const TEXT_LENGTH = 200;

/**
 * `GET /api/exams/{id}/item-analysis`: the statistics of an exam's questions over its corrected
 * attempts; from `cache` while nothing it depends on has changed.
 */
export async function examItemAnalysis(db: Db, examId: number, cache?: AnalysisCache): Promise<ItemAnalysisReport> {
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'name_en', 'name_ar', 'double_marking', 'double_marking_threshold'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  const fingerprint = cache ? await analysisFingerprint(db, examId) : '';
  const cached = cache?.get(examId, fingerprint);
  if (cached) return cached;
  const report = await computeAnalysis(db, exam);
  cache?.set(examId, fingerprint, report);
  return report;
}

async function computeAnalysis(
  db: Db,
  exam: { id: number; name_en: string; name_ar: string; double_marking: boolean; double_marking_threshold: unknown },
): Promise<ItemAnalysisReport> {
  const examId = exam.id;
  const questions: ExamQuestion[] = (
    await db
      .selectFrom('exam_questions')
      .select(['id', 'answer_type', 'answer_key', 'mark', 'mark_option', 'skill_id', 'position', 'text'])
      .where('exam_id', '=', examId)
      .orderBy('position')
      .orderBy('id')
      .execute()
  ).map((q) => ({ ...q, answer_key: json<unknown>(q.answer_key), mark: Number(q.mark) }));
  const { items, scores, choices } = await loadItemScores(
    db,
    {
      id: exam.id,
      double_marking: exam.double_marking,
      double_marking_threshold: Number(exam.double_marking_threshold),
    },
    questions,
  );
  const analysis = analyseItems({ items, scores, choices });
  return {
    exam: { id: exam.id, name_en: exam.name_en, name_ar: exam.name_ar, ...analysis.exam },
    items: analysis.items.map((item, index) => {
      const question = questions[index];
      const texts = new Map((choiceOptions(question) ?? []).map((option) => [option.id, plainText(option.text)]));
      return {
        id: item.id,
        position: index + 1,
        answer_type: question.answer_type,
        text: plainText(question.text).replace(/\s+/g, ' ').trim().slice(0, TEXT_LENGTH),
        max: item.max,
        mean: item.mean,
        sd: item.sd,
        facility: item.facility,
        item_rest_correlation: item.item_rest_correlation,
        discrimination_index: item.discrimination_index,
        flags: item.flags,
        options: item.options?.map((option) => ({ ...option, text: texts.get(option.id) ?? option.id })) ?? null,
        omitted_share: item.omitted_share ?? null,
      };
    }),
  };
}
