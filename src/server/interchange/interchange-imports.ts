import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../locales/index';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { translate } from '../http/i18n';
import type { JobQueue } from '../jobs';
import type { MediaStorage } from '../media/index';
import type { QuestionsStore } from '../questions/index';
import { applyImport } from './interchange-apply';
import { InterchangeFileRefused, type ItemProblem } from './interchange-item';
import { planImport, type ImportOptions, type ImportPlan, type PlannedItem } from './interchange-plan';
import { readInterchangeApart } from './interchange-read-apart';
import type { LookupTables } from './lookup-tables';
import { lookupTables } from './question-fields';

export const QUESTION_IMPORT_QUEUE = 'question-import';

export interface QuestionImportRequest {
  bytes: Uint8Array;
  fileName: string;
  mode: 'dry_run' | 'import';
  platformId: number;
  options: ImportOptions;
  language: Language;
  userId: number;
}

/** A file refused whole: 422 with its reason on `file`, in the reader's language. */
function refused(error: InterchangeFileRefused, language: Language): AppError {
  return new AppError(422, error.reason, error.params, { file: [translate(language, error.reason, error.params)] });
}

async function readAndPlan(
  db: Db,
  tables: LookupTables,
  bytes: Uint8Array,
  platformId: number,
  options: ImportOptions,
  language: Language,
) {
  try {
    const file = await readInterchangeApart(bytes);
    if (file.items.length === 0) throw new InterchangeFileRefused('interchange.errors.no_items');
    return { file, plan: await planImport(db, tables, file, platformId, options) };
  } catch (error) {
    if (error instanceof InterchangeFileRefused) throw refused(error, language);
    throw error;
  }
}

/**
 * A plan's items as a report keeps them. The previews are for the author reading a dry run (or an
 * import refused for its errors): an import under way or done keeps none, so its polls stay small.
 */
const stored = (plan: ImportPlan, previews: boolean): Omit<PlannedItem, 'lookups'>[] =>
  plan.items.map(({ identifier, type, status, problems, notes, preview }) => ({
    identifier,
    type,
    status,
    problems,
    notes,
    ...(preview && previews ? { preview } : {}),
  }));

/**
 * Receives a question file: the dry run is recorded and answered at once; an import whose dry
 * run finds no item in error is queued as a job (the file kept with it until it ends); one with
 * any error is refused whole (422) with the same report, unless the author chose to import the
 * rest (`skipErrors`): then the items in error are left out, as unsupported ones always are.
 */
export async function receiveQuestions(db: Db, jobs: JobQueue, tables: LookupTables, request: QuestionImportRequest) {
  const { file, plan } = await readAndPlan(
    db,
    tables,
    request.bytes,
    request.platformId,
    request.options,
    request.language,
  );
  const queue =
    request.mode === 'import' &&
    (plan.summary.errors === 0 || request.options.skipErrors === true) &&
    plan.summary.create > 0;
  const status = request.mode === 'dry_run' ? 'dry_run' : queue ? 'queued' : 'refused';
  const row = await db
    .insertInto('question_imports')
    .values({
      user_id: request.userId,
      platform_id: request.platformId,
      file_name: request.fileName.slice(0, 255),
      format: file.format,
      language: request.language,
      status,
      file: queue ? Buffer.from(request.bytes) : null,
      options: JSON.stringify(request.options),
      summary: JSON.stringify(plan.summary),
      items: JSON.stringify(stored(plan, !queue)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (queue) await jobs.send(QUESTION_IMPORT_QUEUE, { id: row.id });
  return { id: row.id, status, plan };
}

export interface ImportServices {
  db: Db;
  storage: MediaStorage;
  /** The bank's store bound to a transaction. */
  storeFor: (db: Db) => QuestionsStore;
  log?: FastifyBaseLogger;
}

/**
 * The import job: the file is read and planned again against the platform as it is now (it may
 * have changed since the dry run) and, if still free of errors, written in one transaction.
 */
export async function runQuestionImport(services: ImportServices, id: number): Promise<void> {
  const { db } = services;
  const job = await db.selectFrom('question_imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!job || (job.status !== 'queued' && job.status !== 'running') || !job.file) return;
  await db.updateTable('question_imports').set({ status: 'running' }).where('id', '=', id).execute();
  const options = parse<ImportOptions>(job.options);
  try {
    const tables = lookupTables(services.storeFor(db).registry);
    const { file, plan } = await readAndPlan(db, tables, new Uint8Array(job.file), job.platform_id, options, 'en');
    if ((plan.summary.errors > 0 && !options.skipErrors) || plan.summary.create === 0)
      return await finish(db, id, 'failed', plan, [], 'interchange.errors.changed_since_dry_run');
    const created = await db.transaction().execute((trx) =>
      applyImport(trx, services.storage, services.storeFor(trx), {
        file,
        plan,
        platformId: job.platform_id,
        userId: job.user_id ?? 0,
      }),
    );
    await finish(db, id, 'done', plan, created);
  } catch (error) {
    services.log?.error({ err: error, import: id }, 'question import failed');
    await finish(db, id, 'failed', undefined, [], 'interchange.errors.import_failed');
  }
}

async function finish(
  db: Db,
  id: number,
  status: string,
  plan: ImportPlan | undefined,
  created: number[],
  error?: string,
) {
  await db
    .updateTable('question_imports')
    .set({
      status,
      file: null,
      error: error ?? null,
      finished_at: new Date(),
      created_ids: JSON.stringify(created),
      ...(plan ? { summary: JSON.stringify(plan.summary), items: JSON.stringify(stored(plan, false)) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export async function findQuestionImport(db: Db, id: number) {
  return db
    .selectFrom('question_imports')
    .select([
      'id',
      'user_id',
      'platform_id',
      'status',
      'file_name',
      'format',
      'summary',
      'items',
      'created_ids',
      'error',
      'created_at',
      'finished_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A problem or note in the reader's language; a parameter naming a catalog key is translated too. */
function say(language: Language, p: ItemProblem): string {
  const params = Object.fromEntries(
    Object.entries(p.params ?? {}).map(([k, v]) => [
      k,
      typeof v === 'string' && /^(interchange|questions|resources)\.[a-z_.-]+$/.test(v) ? translate(language, v) : v,
    ]),
  );
  return translate(language, p.key, params);
}

/** An import as its reader sees it: never the file or who else imported. */
export function presentQuestionImport(
  job: NonNullable<Awaited<ReturnType<typeof findQuestionImport>>>,
  language: Language,
) {
  const items = parse<Omit<PlannedItem, 'lookups'>[]>(job.items);
  return {
    id: job.id,
    status: job.status,
    file_name: job.file_name,
    format: job.format,
    platform_id: job.platform_id,
    summary: parse<ImportPlan['summary']>(job.summary),
    error: job.error ? translate(language, job.error) : null,
    created_ids: parse<number[]>(job.created_ids),
    items: items.map((item) => ({
      identifier: item.identifier,
      type: item.type,
      status: item.status,
      messages: item.problems.map((p) => say(language, p)),
      notes: item.notes.map((p) => say(language, p)),
      preview: item.preview ?? null,
    })),
  };
}
