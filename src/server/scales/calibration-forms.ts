import type { AnalysedItem } from '../../common/statistics/index';
import type { Db } from '../db/database';
import { loadItemScores, type ExamQuestion } from '../item-analysis';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** One exam's questions of a scale's skill, with every corrected attempt's marks on them. */
export interface ScaleForm {
  examId: number;
  questions: (ExamQuestion & { source_question_id: number | null })[];
  items: AnalysedItem[];
  /** One row per corrected attempt, one mark per question. */
  scores: number[][];
  /** The attempts, in the order of `scores`. */
  attemptIds: number[];
}

/** The exam's questions of `skillId` and the corrected attempts' marks on them, by the results' rules. */
export async function loadScaleForm(db: Db, examId: number, skillId: number): Promise<ScaleForm> {
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'double_marking', 'double_marking_threshold'])
    .where('id', '=', examId)
    .executeTakeFirstOrThrow();
  const questions = (
    await db
      .selectFrom('exam_questions')
      .select([
        'id',
        'answer_type',
        'answer_key',
        'mark',
        'mark_option',
        'skill_id',
        'position',
        'text',
        'source_question_id',
      ])
      .where('exam_id', '=', examId)
      .where('skill_id', '=', skillId)
      .orderBy('position')
      .orderBy('id')
      .execute()
  ).map((q) => ({ ...q, answer_key: json<unknown>(q.answer_key), mark: Number(q.mark) }));
  if (questions.length === 0) return { examId, questions, items: [], scores: [], attemptIds: [] };
  const { items, scores, attempts } = await loadItemScores(
    db,
    {
      id: exam.id,
      double_marking: exam.double_marking,
      double_marking_threshold: Number(exam.double_marking_threshold),
    },
    questions,
  );
  return { examId, questions, items, scores, attemptIds: attempts.map((attempt) => attempt.id) };
}
