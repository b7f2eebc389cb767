import { sql } from 'kysely';
import type { ExamLocalizationRecord } from '../../common/contracts/index';
import { recordAudit, type AuditContext } from '../audit';
import type { Db } from '../db/database';
import { invalid, notFound } from '../http/app-error';
import { runBulk } from '../http/bulk';
import { examRefusal, loadExamState } from './exam-rules';
import type { LocalizationInput } from './localization-body';

type LocalizationAction = 'publish' | 'unpublish' | 'delete';
type Row = Record<string, unknown> & { id: number; exam_id: number; is_published: boolean };
const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
/** A localized exam as the API shows it, field by field (a column added later does not leak). */
const present = (row: Row): ExamLocalizationRecord => ({
  id: row.id,
  exam_id: row.exam_id,
  name: String(row.name),
  countries: parseJson(row.countries) as string[],
  translations: parseJson(row.translations) as ExamLocalizationRecord['translations'],
  is_published: row.is_published,
  created_at: (row.created_at as Date).toISOString(),
  updated_at: (row.updated_at as Date).toISOString(),
});

/** Localized exams (SPEC sections 4 and 7): per-country copies of a published exam's texts with their own publish state. */
export class LocalizationsStore {
  constructor(private readonly db: Db) {}

  async list(examId: number) {
    await loadExamState(this.db, examId);
    const rows = await this.db
      .selectFrom('exam_localizations')
      .selectAll()
      .where('exam_id', '=', examId)
      .orderBy('id')
      .execute();
    return rows.map((r) => present(r as Row));
  }

  async get(id: number) {
    const row = await this.db.selectFrom('exam_localizations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return present(row as Row);
  }

  /** Only a published exam can be localized: 404 or 418 (its route asks before the body is read). */
  async assertLocalizable(examId: number): Promise<void> {
    if (!(await loadExamState(this.db, examId)).is_published) throw examRefusal.localizeUnpublished();
  }

  async create(examId: number, body: LocalizationInput) {
    await this.assertLocalizable(examId);
    await this.assertQuestionsOfExam(examId, body.translations.questions);
    const row = await this.db
      .insertInto('exam_localizations')
      .values({
        exam_id: examId,
        name: body.name,
        countries: JSON.stringify(body.countries),
        translations: JSON.stringify(body.translations),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return present(row as Row);
  }

  /** A published localization is frozen like a published exam: 404 or 418 (asked before the body is read). */
  async assertEditable(id: number) {
    const existing = await this.get(id);
    if (existing.is_published) throw examRefusal.localizationPublished();
    return existing;
  }

  async update(id: number, body: LocalizationInput) {
    const existing = await this.assertEditable(id);
    await this.assertQuestionsOfExam(existing.exam_id, body.translations.questions);
    await this.db
      .updateTable('exam_localizations')
      .set({
        name: body.name,
        countries: JSON.stringify(body.countries),
        translations: JSON.stringify(body.translations),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    return this.get(id);
  }

  async setCountries(id: number, countries: string[]) {
    const existing = await this.get(id);
    if (existing.is_published) await this.assertCountriesFree(existing.exam_id, id, countries);
    await this.db
      .updateTable('exam_localizations')
      .set({ countries: JSON.stringify(countries), updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    return this.get(id);
  }

  /** Publish, unpublish or delete several localized exams, each on its own (see `runBulk`), each audited on its own. */
  bulk(action: LocalizationAction, ids: number[], audit: AuditContext) {
    return runBulk(ids, (id) => this.apply(action, id, audit));
  }

  private async apply(action: LocalizationAction, id: number, audit: AuditContext) {
    const localization = await this.get(id);
    if (action === 'delete') {
      const started = await this.db
        .selectFrom('student_exams')
        .select('id')
        .where('exam_localization_id', '=', id)
        .where('started_at', 'is not', null)
        .executeTakeFirst();
      if (started) throw examRefusal.started();
    }
    if (action === 'publish') {
      if (!(await loadExamState(this.db, localization.exam_id)).is_published) throw examRefusal.localizeUnpublished();
      await this.assertCountriesFree(localization.exam_id, id, localization.countries as string[]);
    }
    await this.db.transaction().execute(async (trx) => {
      if (action === 'delete') await trx.deleteFrom('exam_localizations').where('id', '=', id).execute();
      else
        await trx
          .updateTable('exam_localizations')
          .set({ is_published: action === 'publish', updated_at: sql`now()` })
          .where('id', '=', id)
          .execute();
      const { name, exam_id, countries, is_published } = localization;
      await recordAudit(trx, {
        ...audit,
        action: `exam_localizations.${action}`,
        target: `exam_localizations/${id}`,
        summary:
          action === 'delete'
            ? { before: { name, exam_id, countries, is_published } }
            : { name, exam_id, before: { is_published }, after: { is_published: action === 'publish' } },
      });
    });
  }

  /** A country belongs to at most one published localized exam of an exam: 418 naming the first one taken. */
  private async assertCountriesFree(examId: number, localizationId: number, countries: string[]) {
    const published = await this.db
      .selectFrom('exam_localizations')
      .select('countries')
      .where('exam_id', '=', examId)
      .where('id', '!=', localizationId)
      .where('is_published', '=', true)
      .execute();
    const taken = new Set(published.flatMap((row) => parseJson(row.countries) as string[]));
    const clash = countries.find((code) => taken.has(code));
    if (clash) throw examRefusal.countryTaken(clash);
  }

  private async assertQuestionsOfExam(examId: number, questions: Record<string, unknown>) {
    const ids = Object.keys(questions).map(Number);
    if (ids.length === 0) return;
    const rows = await this.db
      .selectFrom('exam_questions')
      .select('id')
      .where('exam_id', '=', examId)
      .where('id', 'in', ids)
      .execute();
    if (rows.length !== ids.length) throw invalid({ translations: ['exams.errors.translation_unknown_question'] });
  }
}
