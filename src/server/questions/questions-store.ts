import type { AuditContext } from '../audit';
import type { SchemaRegistry } from '../../../schemas/index';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { mediaAltIssue, parseQuestion, studentQuestion } from '../../common/questions/index';
import type { Db } from '../db/database';
import { dynamic, type DynamicRow } from '../db/dynamic';
import { AppError, invalid, type FieldErrors } from '../http/app-error';
import { ResourceStore, storedRecord, type ListQuery } from '../resources';
import { SERVER_KEYS, type QuestionBody } from './question-body';

type Row = DynamicRow & { id: number };

function withoutServerKeys(input: Row): Row {
  return Object.fromEntries(Object.entries(input).filter(([key]) => !SERVER_KEYS.has(key))) as Row;
}

const mediaName = (reference: string) => reference.replace(/^media\//, '');
const mediaUrl = (reference: string | null) => (reference ? `/api/media/${mediaName(reference)}` : null);

/** A question as the API returns it: its presented record with the URLs of its media. */
export function presentQuestion(row: Row): Row {
  return {
    ...row,
    media_url: mediaUrl(row.media as string | null),
    instruction_audio_url: mediaUrl(row.instruction_audio as string | null),
  };
}

/** A picture needs its text alternative (common/questions/media-alt.ts). */
function checkMediaAlt(question: QuestionBody): FieldErrors {
  const issue = mediaAltIssue(question);
  return issue ? { media_alt: [issue] } : {};
}

/**
 * Bank questions on the schema engine (schemas/questions-bank.ts): a body its routes validated
 * (question-body.ts), checked for what the declaration's validator cannot see (the platform, the
 * lookups each lookup must agree with, the media's kinds), then stored.
 */
export class QuestionsStore {
  private readonly resources: ResourceStore;
  readonly definition: ResourceDefinition;

  constructor(
    private readonly db: Db,
    /** The declarations it validates by (interchange finds the lookups' tables in it too). */
    readonly registry: SchemaRegistry,
    timeZone: string,
  ) {
    this.resources = new ResourceStore(db, registry, timeZone);
    this.definition = registry.get('questions-bank')!;
  }

  async list(query: ListQuery) {
    const result = await this.resources.list(this.definition, query);
    return { ...result, data: result.data.map(presentQuestion) };
  }

  async get(id: number, platformId?: number): Promise<Row> {
    return presentQuestion(await this.resources.get(this.definition, id, platformId));
  }

  /**
   * `imported`: a question read from another system's file may have a picture without a text
   * alternative; it is stored like a question written before the field existed (the import's dry
   * run says so, and the editor asks for one when it is next edited), not refused.
   */
  async create(
    question: QuestionBody,
    userId: number,
    options: { imported?: boolean; audit?: AuditContext } = {},
  ): Promise<Row> {
    return presentQuestion(await this.resources.get(this.definition, await this.insert(question, userId, options)));
  }

  /** Checks and stores a question as `create` does, answering its id only (an import writes many, presenting none). */
  async insert(
    question: QuestionBody,
    userId: number,
    options: { imported?: boolean; audit?: AuditContext } = {},
  ): Promise<number> {
    const stored = await this.check(question, options);
    return this.resources.insert(this.definition, stored, { created_by: userId }, undefined, options.audit);
  }

  async update(id: number, question: QuestionBody, platformId?: number, audit?: AuditContext): Promise<Row> {
    await this.get(id, platformId);
    const stored = await this.check(question);
    return presentQuestion(await this.resources.update(this.definition, id, stored, platformId, undefined, audit));
  }

  async delete(id: number, platformId?: number, audit?: AuditContext): Promise<Row> {
    return presentQuestion(await this.resources.delete(this.definition, id, platformId, undefined, audit));
  }

  /** Presents stored rows of the questions table or of an exam's copies (same columns). */
  async present(rows: DynamicRow[]): Promise<Row[]> {
    return (await this.resources.present(this.definition, rows)).map(presentQuestion);
  }

  /** The question as a student will see it: no answer key, media as URLs. */
  async preview(id: number, platformId?: number) {
    const row = await this.get(id, platformId);
    const question = parseQuestion(withoutServerKeys(row));
    if (!question.success) throw new AppError(422, question.message);
    const view = studentQuestion(question.data);
    return {
      id: row.id,
      ...view,
      media_url: mediaUrl(view.media),
      instruction_audio_url: mediaUrl(view.instruction_audio),
    };
  }

  /** The stored columns of a valid question (exams store their copies in the same shape). */
  async prepare(question: QuestionBody): Promise<Record<string, unknown>> {
    return storedRecord(this.definition, await this.check(question), 'UTC').columns;
  }

  /**
   * What the declaration's validator cannot see: the platform exists, each lookup agrees with the
   * lookups its declaration names in `within` (a learning outcome of the question's skill), and the
   * media are of their kinds. Then the media a question without media keeps are dropped.
   */
  private async check(question: QuestionBody, options: { imported?: boolean } = {}): Promise<Record<string, unknown>> {
    const platform = await this.db
      .selectFrom('platforms')
      .select('id')
      .where('id', '=', question.platform_id)
      .executeTakeFirst();
    if (!platform) throw invalid({ platform_id: ['validation.platform_not_found'] });
    const errors = {
      ...(await this.checkWithin(question)),
      ...(await this.checkMedia(question)),
      ...(options.imported ? {} : checkMediaAlt(question)),
    };
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const media = question.media_type === 'none' ? null : question.media;
    const alt = question.media_type === 'image' ? question.media_alt?.trim() : '';
    return { ...question, media, media_alt: alt || null };
  }

  /** A lookup of another value than the question's for a column it must share (`within`). */
  private async checkWithin(question: QuestionBody): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const values = question as Record<string, unknown>;
    for (const [name, field] of Object.entries(this.definition.fields)) {
      const id = values[name];
      if (field.type !== 'reference' || !field.within?.length || typeof id !== 'number') continue;
      const row = await dynamic(this.db)
        .selectFrom(this.registry.get(field.resource)!.table)
        .select([...field.within])
        .where('id', '=', id)
        .executeTakeFirst();
      // A missing record is the engine's reference check to report.
      if (row && field.within.some((column) => row[column] !== values[column]))
        errors[name] = [field.messages?.invalid ?? 'validation.reference_mismatch'];
    }
    return errors;
  }

  private async checkMedia(question: QuestionBody): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const wanted: [string, string | null, string][] = [
      ['media', question.media_type === 'none' ? null : question.media, question.media_type],
      ['instruction_audio', question.instruction_audio, 'audio'],
    ];
    for (const [field, reference, kind] of wanted) {
      if (!reference) continue;
      const row = await this.db
        .selectFrom('media')
        .select('kind')
        .where('file_name', '=', mediaName(reference))
        .executeTakeFirst();
      if (!row || row.kind !== kind) errors[field] = ['questions.media_invalid'];
    }
    return errors;
  }
}
