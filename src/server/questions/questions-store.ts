import { sql } from 'kysely';
import type { SchemaRegistry } from '../../../schemas/index';
import { parseQuestion, studentQuestion, type AuthoredQuestion } from '../../common/questions/index';
import type { Db } from '../db/database';
import { AppError, invalid, ValidationIssues, type FieldErrors } from '../http/app-error';
import { ResourceStore } from '../resources/resource-store';
import { checkPlatformReferences } from '../resources/platform-references';
import type { ListQuery } from '../resources/list-query';
import { PLAIN_TEXT_KEYS, questionsBank, RICH_TEXT_KEYS } from './questions-definition';
import { sanitizeRichFields } from './sanitize-rich-text';

type Row = Record<string, unknown> & { id: number };

const REFERENCES = [
  ['question_type_id', 'question_types'],
  ['skill_id', 'skills'],
  ['difficulty_level_id', 'difficulty_levels'],
  ['cognitive_level_id', 'cognitive_levels'],
  ['learning_outcome_id', 'learning_outcomes'],
  ['depth_of_knowledge_id', 'depth_of_knowledges'],
] as const;

/** Keys the API adds when it returns a question; a client may send them back and they are dropped. */
const SERVER_KEYS = ['created_by', 'media_url', 'instruction_audio_url'];

function withoutServerKeys(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([key]) => !SERVER_KEYS.includes(key)));
}

const mediaName = (reference: string) => reference.replace(/^media\//, '');
const mediaUrl = (reference: string | null) => (reference ? `/api/media/${mediaName(reference)}` : null);

/** A stored question as the API returns it: numbers as numbers, media with their URLs. */
export function presentQuestion(row: Row): Row {
  return {
    ...row,
    mark: Number(row.mark),
    answer_key: typeof row.answer_key === 'string' ? JSON.parse(row.answer_key) : row.answer_key,
    media_url: mediaUrl(row.media as string | null),
    instruction_audio_url: mediaUrl(row.instruction_audio as string | null),
  };
}

/** Bank questions: validated by the shared question schema after sanitizing, stored as one row each. */
export class QuestionsStore {
  private readonly resources: ResourceStore;

  constructor(
    private readonly db: Db,
    registry: SchemaRegistry,
  ) {
    this.resources = new ResourceStore(db as never, registry);
  }

  async list(query: ListQuery) {
    const result = await this.resources.list(questionsBank, query);
    return { ...result, data: result.data.map(presentQuestion) };
  }

  async get(id: number, platformId?: number): Promise<Row> {
    return presentQuestion(await this.resources.get(questionsBank, id, platformId));
  }

  async create(input: unknown, userId: number): Promise<Row> {
    const question = await this.validate(input);
    const { id } = await this.db
      .insertInto('questions')
      .values({ ...this.columns(question), created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.get(id);
  }

  async update(id: number, input: unknown, platformId?: number): Promise<Row> {
    const existing = await this.get(id, platformId);
    const question = await this.validate(input);
    if (question.platform_id !== existing.platform_id) throw invalid({ platform_id: ['validation.platform_mismatch'] });
    await this.db.updateTable('questions').set({ ...this.columns(question), updated_at: sql`now()` }).where('id', '=', id).execute();
    return this.get(id);
  }

  async delete(id: number, platformId?: number): Promise<Row> {
    return presentQuestion(await this.resources.delete(questionsBank, id, platformId));
  }

  /** The question as a student will see it: no answer key, media as URLs. */
  async preview(id: number, platformId?: number) {
    const row = await this.get(id, platformId);
    const question = parseQuestion(withoutServerKeys(row));
    if (!question.success) throw new AppError(422, question.message);
    const view = studentQuestion(question.data);
    return { id: row.id, ...view, media_url: mediaUrl(view.media), instruction_audio_url: mediaUrl(view.instruction_audio) };
  }

  /** The stored columns of a valid question (exams reuse it for the questions they hold). */
  async prepare(input: unknown) {
    return this.columns(await this.validate(input));
  }

  /** Sanitize, then validate (so a text that was only markup reads as missing), then check references and media. */
  private async validate(input: unknown): Promise<AuthoredQuestion> {
    const clean = sanitizeRichFields(withoutServerKeys(input), RICH_TEXT_KEYS, PLAIN_TEXT_KEYS);
    const parsed = parseQuestion(clean);
    if (!parsed.success) throw new ValidationIssues(parsed.issues.map((issue) => ({ ...issue, path: [...issue.path] })), parsed.message);
    const question = parsed.data;
    const errors = { ...(await this.checkReferences(question)), ...(await this.checkMedia(question)) };
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return question;
  }

  private async checkReferences(question: AuthoredQuestion): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const platform = await this.db.selectFrom('platforms').select('id').where('id', '=', question.platform_id).executeTakeFirst();
    if (!platform) return { platform_id: ['validation.platform_not_found'] };
    Object.assign(errors, await checkPlatformReferences(this.db, question.platform_id, REFERENCES.map(([field, table]) => [field, table, question[field]] as const)));
    if (!errors.learning_outcome_id && !errors.skill_id) {
      const outcome = await this.db.selectFrom('learning_outcomes').select('skill_id').where('id', '=', question.learning_outcome_id).executeTakeFirstOrThrow();
      if (outcome.skill_id !== question.skill_id) errors.learning_outcome_id = ['questions.outcome_skill_mismatch'];
    }
    return errors;
  }

  private async checkMedia(question: AuthoredQuestion): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const wanted: [string, string | null, string][] = [
      ['media', question.media_type === 'none' ? null : question.media, question.media_type],
      ['instruction_audio', question.instruction_audio, 'audio'],
    ];
    for (const [field, reference, kind] of wanted) {
      if (!reference) continue;
      const row = await this.db.selectFrom('media').select('kind').where('file_name', '=', mediaName(reference)).executeTakeFirst();
      if (!row || row.kind !== kind) errors[field] = ['questions.media_invalid'];
    }
    return errors;
  }

  private columns(q: AuthoredQuestion) {
    return {
      platform_id: q.platform_id,
      question_type_id: q.question_type_id,
      skill_id: q.skill_id,
      difficulty_level_id: q.difficulty_level_id,
      cognitive_level_id: q.cognitive_level_id,
      learning_outcome_id: q.learning_outcome_id,
      depth_of_knowledge_id: q.depth_of_knowledge_id,
      text: q.text,
      content_language: q.content_language,
      answer_type: q.answer_type,
      answer_key: JSON.stringify(q.answer_key),
      mark: q.mark,
      mark_option: q.mark_option,
      media_type: q.media_type,
      media: q.media_type === 'none' ? null : q.media,
      media_replay_count: q.media_replay_count,
      instruction_audio: q.instruction_audio,
    };
  }
}
