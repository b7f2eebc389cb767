import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../locales/index';
import { holdsPermission, type SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { translate } from '../http/i18n';
import type { JobQueue } from '../jobs';
import { mayAccommodate } from './accommodations';
import { MAKE_CLASSES } from './roster-new-classes';
import { applyRoster } from './roster-apply';
import type { RosterRow } from './roster-columns';
import { RosterFileRefused } from './roster-file';
import { planRoster, type GradeCode, type PlannedRow, type RosterPlan } from './roster-plan';
import type { SchoolYear } from './roster-file';
import { readRosterApart } from './roster-read-apart';

export const ROSTER_IMPORT_QUEUE = 'roster-import';

/** Rows done of imports running in this process (the database learns the count when it is done). */
const running = new Map<number, number>();

export interface ImportRequest {
  bytes: Uint8Array;
  fileName: string;
  mode: 'dry_run' | 'import';
  language: Language;
  userId: number;
  scope: SchoolScope;
  /** Whether the importer may give or change extra time (the accommodation permission). */
  mayAccommodate: boolean;
  /** Whether the classes the file names that the importer's schools lack are made. */
  createClasses: boolean;
}

/** A refused file: 422, its reason as the message and on the `file` field. */
function refused(error: RosterFileRefused, language: Language): AppError {
  const key = `roster.errors.${error.reason}`;
  return new AppError(422, key, error.params, { file: [translate(language, key, error.params)] });
}

const scopeOf = (schoolIds: unknown): SchoolScope =>
  Array.isArray(schoolIds) ? { all: false, ids: schoolIds as number[], readerId: null } : { all: true, readerId: null };

/** Reads and plans a file; a file refused as a whole is a 422 on `file`. */
async function readAndPlan(
  db: Db,
  bytes: Uint8Array,
  scope: SchoolScope,
  mayAccommodate: boolean,
  createClasses: boolean,
  language: Language = 'en',
) {
  try {
    const file = await readRosterApart(bytes);
    const plan = await planRoster(db, file.rows, file.problems, scope, mayAccommodate, createClasses);
    return { file, plan: { ...plan, schoolYears: file.schoolYears ?? [] } };
  } catch (error) {
    if (error instanceof RosterFileRefused) throw refused(error, language);
    throw error;
  }
}

/**
 * Receives a roster: the dry run is recorded and answered at once; an import whose dry run finds
 * no row in error is queued as a job (the file kept with it), and one that finds any is refused
 * whole (422, nothing written) with the same report.
 */
export async function receiveRoster(db: Db, jobs: JobQueue, request: ImportRequest) {
  const { file, plan } = await readAndPlan(
    db,
    request.bytes,
    request.scope,
    request.mayAccommodate,
    request.createClasses,
    request.language,
  );
  const queue = request.mode === 'import' && plan.summary.errors === 0;
  const status = request.mode === 'dry_run' ? 'dry_run' : queue ? 'queued' : 'refused';
  const row = await db
    .insertInto('roster_imports')
    .values({
      user_id: request.userId,
      file_name: request.fileName.slice(0, 255),
      format: file.format,
      encoding: file.encoding,
      language: request.language,
      status,
      // Kept only for its job, and dropped when the job ends: the report keeps each row's values.
      file: queue ? Buffer.from(request.bytes) : null,
      school_ids: JSON.stringify(request.scope.all ? null : request.scope.ids),
      create_classes: request.createClasses,
      summary: storedSummary(plan),
      rows: JSON.stringify(storedRows(file.rows, plan)),
      total: plan.rows.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (queue) await jobs.send(ROSTER_IMPORT_QUEUE, { id: row.id });
  return { id: row.id, status, plan, format: file.format, encoding: file.encoding };
}

/**
 * The import job: the file is planned again against the database as it is now (it may have
 * changed since the dry run) and, if still free of errors, written in one transaction.
 */
export async function runRosterImport(db: Db, id: number, log?: FastifyBaseLogger): Promise<void> {
  const job = await db.selectFrom('roster_imports').selectAll().where('id', '=', id).executeTakeFirst();
  // A job retried after a crash finds its import running: nothing was written (one transaction), so it runs again.
  if (!job || (job.status !== 'queued' && job.status !== 'running') || !job.file) return;
  await db.updateTable('roster_imports').set({ status: 'running' }).where('id', '=', id).execute();
  running.set(id, 0);
  try {
    // The importer's permission as it is now: one withdrawn since the dry run refuses the extra time.
    const may = job.user_id !== null && (await mayAccommodate(db, job.user_id));
    // And the right to make classes: withdrawn since, the classes the file lacks are errors again.
    const makeClasses =
      job.create_classes && job.user_id !== null && (await holdsPermission(db, job.user_id, MAKE_CLASSES));
    const { file, plan } = await readAndPlan(db, new Uint8Array(job.file), scopeOf(job.school_ids), may, makeClasses);
    const rows = storedRows(file.rows, plan);
    if (plan.summary.errors > 0)
      return await finish(db, id, 'failed', plan, rows, 'roster.errors.changed_since_dry_run');
    await applyRoster(db, plan, (done) => running.set(id, done), {
      actorId: job.user_id,
      address: null,
      requestId: `roster_imports/${id}`,
      importId: id,
    });
    await finish(db, id, 'done', plan, rows);
  } catch (error) {
    log?.error({ err: error, import: id }, 'roster import failed');
    await finish(db, id, 'failed', undefined, undefined, 'roster.errors.import_failed');
  } finally {
    running.delete(id);
  }
}

/** Each row's outcome with the values it came with (what the result file shows; the file itself is not kept). */
function storedRows(source: RosterRow[], plan: RosterPlan): StoredRow[] {
  const valuesOf = new Map(source.map((r) => [r.row, r.values]));
  return plan.rows.map(({ row, status, errors, warnings }) => ({
    row,
    status,
    errors,
    ...(warnings ? { warnings } : {}),
    values: valuesOf.get(row) ?? {},
  }));
}

async function finish(db: Db, id: number, status: string, plan?: RosterPlan, rows?: StoredRow[], error?: string) {
  await db
    .updateTable('roster_imports')
    .set({
      status,
      file: null,
      error: error ?? null,
      finished_at: new Date(),
      ...(plan
        ? {
            summary: storedSummary(plan),
            rows: JSON.stringify(rows ?? []),
            progress: status === 'done' ? plan.rows.length : 0,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A plan's figures as stored, with the grade codes the file used and its school years, each saying
 * whether it had ended when the file was checked (shown by the report).
 */
const storedSummary = (plan: RosterPlan & { schoolYears?: SchoolYear[] }) => {
  const today = new Date().toISOString().slice(0, 10);
  const years = (plan.schoolYears ?? []).map((y) => ({ ...y, ended: y.end !== '' && y.end < today }));
  return JSON.stringify({
    ...plan.summary,
    ...(plan.gradeCodes.length > 0 ? { grade_codes: plan.gradeCodes } : {}),
    ...(years.length > 0 ? { school_years: years } : {}),
  });
};

export type StoredRow = Pick<PlannedRow, 'row' | 'status' | 'errors' | 'warnings'> & { values: RosterRow['values'] };

const translated = (found: PlannedRow['errors'] | undefined, language: Language) =>
  Object.fromEntries(
    Object.entries(found ?? {}).map(([column, problems]) => [
      column,
      (problems ?? []).map((p) => translate(language, p.key, p.params)),
    ]),
  );

/**
 * Rows of a report as the API shows them: each row's status, its problems and what it leaves out
 * (`warnings`: imported all the same, as incomplete), translated. `errors`: the rows with either.
 */
export function presentRows(rows: StoredRow[], language: Language, only: 'errors' | 'all' = 'errors') {
  return rows
    .filter((r) => only === 'all' || r.status === 'error' || r.warnings)
    .map((r) => ({
      row: r.row,
      status: r.status,
      errors: translated(r.errors, language),
      warnings: r.status === 'error' ? {} : translated(r.warnings, language),
    }));
}

export async function findImport(db: Db, id: number) {
  return db
    .selectFrom('roster_imports')
    .select([
      'id',
      'user_id',
      'status',
      'file_name',
      'format',
      'encoding',
      'school_ids',
      'create_classes',
      'summary',
      'rows',
      'progress',
      'total',
      'error',
      'created_at',
      'finished_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The stored rows of an import (JSON, as text or parsed depending on the driver). */
export const storedRowsOf = (job: { rows: unknown }): StoredRow[] =>
  (typeof job.rows === 'string' ? JSON.parse(job.rows) : job.rows) as StoredRow[];

/** An import as its reader sees it: never the file, the stored scope or who else imported. */
export function presentImport(job: NonNullable<Awaited<ReturnType<typeof findImport>>>, language: Language) {
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  const { grade_codes, school_years, ...summary } = parse<
    Partial<RosterPlan['summary']> & { grade_codes?: GradeCode[]; school_years?: (SchoolYear & { ended: boolean })[] }
  >(job.summary);
  return {
    id: job.id,
    status: job.status,
    file_name: job.file_name,
    format: job.format,
    encoding: job.encoding,
    create_classes: job.create_classes,
    // Imports checked before issue 40 counted no incomplete rows.
    summary: { ...{ incomplete: 0, skipped: 0, new_classes: 0 }, ...summary },
    // A OneRoster file's grade codes, each with the grade it was read as (issue 40).
    grade_codes: (grade_codes ?? []).map((c) => ({ code: c.code, grade: language === 'ar' ? c.name_ar : c.name_en })),
    // A OneRoster file's school years (academicSessions.csv), and whether each had ended (issue 40).
    school_years: school_years ?? [],
    progress: running.get(job.id) ?? job.progress,
    total: job.total,
    error: job.error ? translate(language, job.error) : null,
    // Not while it runs: the console asks every second, and the rows are the dry run's (issue 40).
    rows: job.status === 'queued' || job.status === 'running' ? [] : presentRows(storedRowsOf(job), language),
    result_url: `/api/roster/imports/${job.id}/result`,
  };
}
