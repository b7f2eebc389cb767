import {
  encodeDefinition,
  parseQuestion,
  seededShuffle,
  studentQuestion,
  type AuthoredQuestion,
  type IdCodec,
} from '../../common/questions/index';
import { applyTranslation, type QuestionTranslation } from '../../common/exams/localization';
import type { StudentQuestionRecord } from '../../common/contracts/index';
import { contentLanguageOf } from '../../common/text-direction';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import type { QuestionsStore } from '../questions';

export const mediaUrl = (reference: string | null) =>
  reference ? `/api/media/${reference.replace(/^media\//, '')}` : null;

export interface Localization {
  id: number;
  name: string;
  countries: string[];
  translations: Record<string, QuestionTranslation>;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A localized exam's texts, or 404 when it is not one of this exam's. */
export async function loadLocalization(db: Db, examId: number, localizationId: number): Promise<Localization> {
  const row = await db
    .selectFrom('exam_localizations')
    .selectAll()
    .where('id', '=', localizationId)
    .where('exam_id', '=', examId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    countries: json<string[]>(row.countries),
    translations: json<{ questions?: Record<string, QuestionTranslation> }>(row.translations).questions ?? {},
  };
}

export interface StudentOrder {
  /** Seeds the shuffles: the same seed gives the same order (an attempt's, so a resume shows it again). */
  seed: string;
  questions: boolean;
  choices: boolean;
  /** The answer-part ids a student sees for each question (delivery's, per attempt); the author's without. */
  ids?: (questionId: number) => IdCodec;
}

/** An exam's question, localized and checked, before any shuffle: the same for every attempt. */
export interface PreparedQuestion {
  id: number;
  position: number;
  question: AuthoredQuestion;
}

/**
 * An exam's questions with a localization's texts when given, parsed and checked once: what every
 * attempt of one published exam and localization shares (delivery keeps it in memory).
 */
export async function prepareStudentQuestions(
  db: Db,
  bank: QuestionsStore,
  examId: number,
  localization: Localization | null,
): Promise<PreparedQuestion[]> {
  const rows = await db
    .selectFrom('exam_questions')
    .selectAll()
    .where('exam_id', '=', examId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const presented = await bank.present(rows);
  return presented.map((row, index) => {
    const stored = row as Record<string, unknown> & { id: number; text: string; answer_key: unknown };
    const translation = localization?.translations[String(row.id)];
    const localized = applyTranslation(stored, translation);
    // A translated question reads in its translation's direction, not its source's.
    if (translation) localized.content_language = contentLanguageOf(localized.text, stored.content_language as string);
    const { media_url: _m, instruction_audio_url: _i, ...input } = localized;
    const parsed = parseQuestion(input);
    if (!parsed.success) throw new Error(`exam question ${row.id} no longer validates: ${parsed.message}`);
    return { id: row.id as number, position: rows[index].position, question: parsed.data };
  });
}

/**
 * Prepared questions as a student sees them: no key, media as URLs, in a seeded shuffled order when
 * asked (questions, and each question's choices), with the answer-part ids of `order.ids`.
 */
export function orderStudentQuestions(prepared: PreparedQuestion[], order?: StudentOrder): StudentQuestionRecord[] {
  const questions = prepared.map(({ id, position, question }) => {
    const shuffle = order?.choices ? seededShuffle(`${order.seed}:${id}`) : undefined;
    const codec = order?.ids?.(id);
    const shown = codec
      ? ({
          ...question,
          answer_key: encodeDefinition(question.answer_type, question.answer_key, codec),
        } as AuthoredQuestion)
      : question;
    const view = studentQuestion(shown, shuffle);
    return {
      id,
      position,
      ...view,
      media_url: mediaUrl(view.media),
      instruction_audio_url: mediaUrl(view.instruction_audio),
    };
  });
  return order?.questions ? seededShuffle(order.seed)(questions) : questions;
}

/** An exam's questions as a student sees them (the preview; delivery prepares once and orders per attempt). */
export async function examStudentQuestions(
  db: Db,
  bank: QuestionsStore,
  examId: number,
  localization: Localization | null,
  order?: StudentOrder,
): Promise<StudentQuestionRecord[]> {
  return orderStudentQuestions(await prepareStudentQuestions(db, bank, examId, localization), order);
}
