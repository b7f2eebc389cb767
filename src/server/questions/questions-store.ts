import type { SchemaRegistry } from '../../../schemas/index';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { mediaAltIssue, parseQuestion, studentQuestion, type AuthoredQuestion } from '../../common/questions/index';
import type { Db } from '../db/database';
import type { DynamicRow } from '../db/dynamic';
import { AppError, invalid, ValidationIssues, type FieldErrors } from '../http/app-error';
import { ResourceStore, storedRecord, type ListQuery } from '../resources';
import { PLAIN_TEXT_KEYS, RICH_TEXT_KEYS } from './sanitize-keys';
import { sanitizeRichFields } from './sanitize-rich-text';

type Row = DynamicRow & { id: number };

/** Keys the API adds when it returns a question; a client may send them back and they are dropped. */
const SERVER_KEYS = ['media_url', 'instruction_audio_url'];

function withoutServerKeys(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([key]) => !SERVER_KEYS.includes(key)));
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
function checkMediaAlt(question: AuthoredQuestion): FieldErrors {
  const issue = mediaAltIssue(question);
  return issue ? { media_alt: [issue] } : {};
}

/**
 * Bank questions on the schema engine (schemas/questions-bank.ts): sanitized, validated by the
 * shared question schema, then checked for the outcome's skill and the media's kinds.
 */
export class QuestionsStore {
  private readonly resources: ResourceStore;
  readonly definition: ResourceDefinition;

  constructor(
    private readonly db: Db,
    registry: SchemaRegistry,
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
  async create(input: unknown, userId: number, options: { imported?: boolean } = {}): Promise<Row> {
    return presentQuestion(
      await this.resources.create(this.definition, await this.validate(input, options), { created_by: userId }),
    );
  }

  async update(id: number, input: unknown, platformId?: number): Promise<Row> {
    await this.get(id, platformId);
    return presentQuestion(await this.resources.update(this.definition, id, await this.validate(input), platformId));
  }

  async delete(id: number, platformId?: number): Promise<Row> {
    return presentQuestion(await this.resources.delete(this.definition, id, platformId));
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
  async prepare(input: unknown): Promise<Record<string, unknown>> {
    return storedRecord(this.definition, await this.validate(input), 'UTC').columns;
  }

  /**
   * Sanitize, then validate (so a text that was only markup reads as missing), then check what the
   * engine does not: the learning outcome belongs to the skill, and the media are of their kinds.
   */
  private async validate(input: unknown, options: { imported?: boolean } = {}): Promise<Record<string, unknown>> {
    const clean = sanitizeRichFields(withoutServerKeys(input), RICH_TEXT_KEYS, PLAIN_TEXT_KEYS);
    const parsed = parseQuestion(clean);
    if (!parsed.success)
      throw new ValidationIssues(
        parsed.issues.map((issue) => ({ ...issue, path: [...issue.path] })),
        parsed.message,
      );
    const question = parsed.data;
    const platform = await this.db
      .selectFrom('platforms')
      .select('id')
      .where('id', '=', question.platform_id)
      .executeTakeFirst();
    if (!platform) throw invalid({ platform_id: ['validation.platform_not_found'] });
    const errors = {
      ...(await this.checkOutcome(question)),
      ...(await this.checkMedia(question)),
      ...(options.imported ? {} : checkMediaAlt(question)),
    };
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const media = question.media_type === 'none' ? null : question.media;
    const alt = question.media_type === 'image' ? question.media_alt?.trim() : '';
    return { ...question, media, media_alt: alt || null };
  }

  private async checkOutcome(question: AuthoredQuestion): Promise<FieldErrors> {
    const outcome = await this.db
      .selectFrom('learning_outcomes')
      .select('skill_id')
      .where('id', '=', question.learning_outcome_id)
      .executeTakeFirst();
    // A missing outcome is the engine's reference check to report.
    return outcome && outcome.skill_id !== question.skill_id
      ? { learning_outcome_id: ['questions.outcome_skill_mismatch'] }
      : {};
  }

  private async checkMedia(question: AuthoredQuestion): Promise<FieldErrors> {
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
