import { sql } from 'kysely';
import { z } from 'zod';
import { LANGUAGES } from '../../../locales/index';
import type { Db } from '../db/database';
import { codeListFilter, idListFilter } from '../http/list-filters';
import { listQuerySchema, offsetOf, pageMeta } from '../http/pagination';
import { dayStart, isCalendarDate } from './audit-dates';
import { aboutIds, presentAudit, type AuditNames, type AuditRow } from './audit-presenter';

const dateFilter = z
  .string()
  .max(10, { error: 'audit.errors.date_format' })
  .refine(isCalendarDate, { error: 'audit.errors.date_format' })
  .optional();

/** The log's filters (issue 26): comma lists of actions, actors, target types and schools; a span of calendar days. */
const filters = {
  'filter[action]': codeListFilter(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/, 50),
  'filter[user_id]': idListFilter(),
  'filter[target_type]': codeListFilter(/^[a-z][a-z0-9_-]*$/, 50),
  'filter[school_id]': idListFilter(),
  /** From this day, inclusive, in APP_TIMEZONE. */
  'filter[from]': dateFilter,
  /** To this day, inclusive, in APP_TIMEZONE. */
  'filter[to]': dateFilter,
};
export type Filters = { [K in keyof typeof filters]?: z.infer<(typeof filters)[K]> };

const inOrder = (query: Filters) =>
  !query['filter[from]'] || !query['filter[to]'] || query['filter[from]'] <= query['filter[to]'];
const orderRule = { error: 'audit.errors.date_order', path: ['filter[to]'] };

/** `GET /api/audit-log/export`: the filters, the format and the headers' language. */
export const auditExportQuery = z
  .object({ ...filters, format: z.enum(['csv']).default('csv'), lang: z.enum(LANGUAGES).optional() })
  .refine(inOrder, orderRule);

/** `GET /api/audit-log`: the filters, newest first (or oldest first with `order=asc`), in pages. */
export const auditListQuery = listQuerySchema(['at'], { sort: 'at', order: 'desc' })
  .omit({ search: true })
  .extend(filters)
  .refine(inOrder, orderRule);
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** The rows the filters keep, with their actor's name and their school's names. */
function selectFiltered(db: Db, query: Filters, timeZone: string) {
  let rows = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('schools as s', 's.id', 'a.school_id');
  const actions = query['filter[action]'];
  const users = query['filter[user_id]'];
  const types = query['filter[target_type]'];
  const schools = query['filter[school_id]'];
  if (actions?.length) rows = rows.where('a.action', 'in', actions);
  if (users?.length) rows = rows.where('a.actor_id', 'in', users);
  if (types?.length) rows = rows.where('a.target_type', 'in', types);
  if (schools?.length) rows = rows.where('a.school_id', 'in', schools);
  if (query['filter[from]']) rows = rows.where('a.at', '>=', dayStart(query['filter[from]'], timeZone));
  if (query['filter[to]']) rows = rows.where('a.at', '<', dayStart(query['filter[to]'], timeZone, 1));
  return rows;
}

const COLUMNS = [
  'a.id',
  'a.at',
  'a.actor_id',
  sql<string | null>`coalesce(a.actor_name, u.name)`.as('actor_name'),
  sql<string | null>`coalesce(a.actor_email, u.email, u.username)`.as('actor_email'),
  'a.address',
  'a.action',
  'a.target',
  'a.target_type',
  'a.school_id',
  's.name_en as school_name_en',
  's.name_ar as school_name_ar',
  'a.summary',
  'a.reason',
  'a.request_id',
] as const;

/** A page of the log, newest first, in the list envelope. */
export async function listAuditLog(db: Db, query: AuditListQuery, timeZone: string) {
  const filtered = selectFiltered(db, query, timeZone);
  const { total } = await filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await filtered
    .select(COLUMNS)
    .orderBy('a.at', query.order)
    .orderBy('a.id', query.order)
    .limit(query.per_page)
    .offset(offsetOf(query))
    .execute();
  const names = await namesOf(db, rows as AuditRow[]);
  return { data: rows.map((row) => presentAudit(row as AuditRow, names)), meta: pageMeta(query, Number(total)) };
}

/** The names of the exams and students a page of entries is about (two queries, whatever the page). */
async function namesOf(db: Db, rows: AuditRow[]): Promise<AuditNames> {
  const about = rows.map(aboutIds);
  const ids = (kind: 'exam' | 'student') => [...new Set(about.map((a) => a[kind]).filter((id) => id !== null))];
  const [examIds, studentIds] = [ids('exam'), ids('student')];
  const exams = examIds.length
    ? await db.selectFrom('exams').select(['id', 'name_en', 'name_ar']).where('id', 'in', examIds).execute()
    : [];
  const students = studentIds.length
    ? await db.selectFrom('students').select(['id', 'name_en', 'name_ar']).where('id', 'in', studentIds).execute()
    : [];
  return {
    exams: new Map(exams.map((e) => [e.id, e])),
    students: new Map(students.map((s) => [s.id, s])),
  };
}

const BATCH = 2000;

/**
 * Every row the filters keep, newest first, in batches read one after another (by the position
 * of the last row sent, so a row written meanwhile neither repeats nor shifts the rest).
 */
export async function* auditRowsForExport(db: Db, query: Filters, timeZone: string) {
  let lastId: string | null = null;
  for (;;) {
    let batch = selectFiltered(db, query, timeZone).select(COLUMNS);
    // Compared with the stored time itself: a JavaScript date would lose its microseconds.
    if (lastId !== null)
      batch = batch.where(sql<boolean>`(a.at, a.id) < (select l.at, l.id from audit_log l where l.id = ${lastId})`);
    const rows = (await batch.orderBy('a.at', 'desc').orderBy('a.id', 'desc').limit(BATCH).execute()) as AuditRow[];
    for (const row of rows) yield presentAudit(row);
    if (rows.length < BATCH) return;
    lastId = String(rows[rows.length - 1].id);
  }
}

/** The actions and target types the log holds, each once, in order. */
export async function auditChoices(db: Db) {
  const actions = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  const types = await db.selectFrom('audit_log').select('target_type').distinct().orderBy('target_type').execute();
  return { actions: actions.map((row) => row.action), target_types: types.map((row) => row.target_type) };
}
