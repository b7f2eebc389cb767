import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogChoices, auditLogRecord, listOf } from '../../src/common/contracts/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { auditRows } from '../helpers/audit-rows';
import { buildUser, signIn } from '../helpers/factories';
import { buildPlatform, buildRecord } from '../helpers/resource-factory';
import { buildDeliveryScene } from '../helpers/delivery-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 26, "Audit log": `GET /api/audit-log` (its presenter, filters, pages), its choices, its
 * CSV export (itself audited), who may read it, and a log the database keeps append-only. The
 * rows each action writes are in audit-log-writes.test.ts.
 */
let t: TestContext;
let admin: string;
let adminId: number;
let adminEmail: string | null;
let school: { id: number; name_en: string; name_ar: string };

beforeAll(async () => {
  // Four hours ahead of UTC: calendar days there begin at 20:00 UTC the day before.
  t = await createTestApp({ timeZone: 'Asia/Dubai' });
  const registry = await loadSchemaRegistry();
  const user = await buildUser(t.db, { role: ROLES.admin, name: 'Chief Auditor' });
  adminId = user.id;
  adminEmail = user.email;
  admin = await signIn(t.app, user);
  const platform = await buildPlatform(t.db, 'IRA');
  school = (await buildRecord(t.db, registry, registry.get('schools')!, platform)) as typeof school;
});
afterAll(() => t.close());

const api = (url: string, lang: 'en' | 'ar' = 'en', cookie = admin) =>
  call(t.app, 'GET', url, undefined, { cookie, lang });

interface Row {
  action: string;
  target: string;
  at?: string;
  actor_id?: number | null;
  school_id?: number | null;
  reason?: string | null;
  summary?: Record<string, unknown>;
}
/** A row written straight into the log (inserting is allowed; changing is not), at a chosen time. */
const insert = (row: Row) =>
  t.db
    .insertInto('audit_log')
    .values({
      actor_id: row.actor_id === undefined ? adminId : row.actor_id,
      address: '10.1.2.3',
      action: row.action,
      target: row.target,
      summary: JSON.stringify(row.summary ?? {}),
      reason: row.reason ?? null,
      request_id: 'req-1',
      school_id: row.school_id ?? null,
      ...(row.at ? { at: row.at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.id));
const listed = async (query: string) => {
  const response = await api(`/api/audit-log?per_page=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return listOf(auditLogRecord).parse(response.json());
};

describe('the list', () => {
  it('answers {data, meta}, newest first, each row presented field by field', async () => {
    const older = await insert({ action: 'test.list', target: 'exams/4', at: '2025-03-01T08:00:00Z' });
    const newer = await insert({
      action: 'test.list',
      target: 'users/9',
      at: '2025-03-02T08:00:00Z',
      school_id: school.id,
      reason: 'Asked by the school',
      summary: { before: { is_active: true }, after: { is_active: false } },
    });
    const system = await insert({
      action: 'test.list',
      target: 'reports/1',
      at: '2025-02-01T08:00:00Z',
      actor_id: null,
    });
    const gone = await insert({
      action: 'test.list',
      target: 'media/x',
      at: '2025-01-01T08:00:00Z',
      actor_id: 999_999,
    });
    const page = await listed('filter[action]=test.list');
    expect(page.data.map((row) => row.id)).toEqual([newer, older, system, gone]);
    expect(page.data[0]).toEqual({
      id: newer,
      at: '2025-03-02T08:00:00.000Z',
      actor: { id: adminId, name: 'Chief Auditor', email: adminEmail },
      address: '10.1.2.3',
      action: 'test.list',
      target: 'users/9',
      target_type: 'users',
      school: { id: school.id, name_en: school.name_en, name_ar: school.name_ar },
      summary: { before: { is_active: true }, after: { is_active: false } },
      about: { exam: null, student: null },
      reason: 'Asked by the school',
      request_id: 'req-1',
    });
    expect(page.data[2].actor).toBeNull();
    expect(page.data[3].actor).toEqual({ id: 999_999, name: null, email: null });
    expect(page.meta).toMatchObject({ total: 4, current_page: 1, last_page: 1 });
  });

  it('names whom and what an entry is about, from its summary or its target (issue 41)', async () => {
    const scene = await buildDeliveryScene(t.app, t.db, await loadSchemaRegistry(), {
      questions: [{ kind: 'true_false', key: { correct: true } }],
    });
    const exam = { id: scene.exam.id, name_en: scene.exam.name_en, name_ar: scene.exam.name_ar };
    const student = await t.db
      .updateTable('students')
      .set({ name_en: 'Omar Khalil', name_ar: 'عمر خليل' })
      .where('id', '=', scene.students[0].id)
      .returning(['id', 'name_en', 'name_ar'])
      .executeTakeFirstOrThrow();
    const forced = await insert({
      action: 'test.about',
      target: 'student_exams/77',
      summary: { exam_id: exam.id, student_id: student.id, attempt_id: 5 },
    });
    const byTarget = await insert({ action: 'test.about', target: `students/${student.id}` });
    const deleted = await insert({ action: 'test.about', target: 'students/999999', summary: { exam_id: 999_999 } });
    const rows = new Map((await listed('filter[action]=test.about')).data.map((row) => [row.id, row.about]));
    expect(rows.get(forced)).toEqual({ exam, student });
    expect(rows.get(byTarget)).toEqual({ exam: null, student });
    expect(rows.get(deleted)).toEqual({ exam: null, student: null });
  });

  it('filters by action, actor, target type and school, each a comma list', async () => {
    const other = await buildUser(t.db, { role: ROLES.author });
    const a = await insert({ action: 'test.filter_a', target: 'exams/1', school_id: school.id });
    const b = await insert({ action: 'test.filter_b', target: 'users/2', actor_id: other.id });
    const ids = async (query: string) =>
      (await listed(`filter[action]=test.filter_a,test.filter_b&${query}`)).data.map((row) => row.id);
    expect(await ids('')).toEqual([b, a]);
    expect(await ids(`filter[user_id]=${other.id}`)).toEqual([b]);
    expect(await ids(`filter[user_id]=${other.id},${adminId}`)).toEqual([b, a]);
    expect(await ids('filter[target_type]=exams')).toEqual([a]);
    expect(await ids('filter[target_type]=exams,users')).toEqual([b, a]);
    expect(await ids(`filter[school_id]=${school.id}`)).toEqual([a]);
    expect((await listed('filter[action]=test.filter_a')).data.map((row) => row.id)).toEqual([a]);
  });

  it('takes from and to as calendar days of APP_TIMEZONE, both inclusive', async () => {
    // In Dubai: 1 March 23:30, 2 March 00:30, 2 March 23:59:59, 3 March 00:00.
    const times = ['2024-03-01T19:30:00Z', '2024-03-01T20:30:00Z', '2024-03-02T19:59:59Z', '2024-03-02T20:00:00Z'];
    const made = [];
    for (const at of times) made.push(await insert({ action: 'test.dates', target: 'exams/1', at }));
    const ids = async (query: string) =>
      (await listed(`filter[action]=test.dates&${query}`)).data.map((row) => row.id).reverse();
    expect(await ids('filter[from]=2024-03-02&filter[to]=2024-03-02')).toEqual([made[1], made[2]]);
    expect(await ids('filter[from]=2024-03-02')).toEqual([made[1], made[2], made[3]]);
    expect(await ids('filter[to]=2024-03-01')).toEqual([made[0]]);
  });

  it('refuses a malformed date or an end before the start with 400 in the request’s language', async () => {
    for (const value of ['2024-13-01', '2024-02-30', '01/03/2024', '2024-3-1', 'yesterday', '2024-03-01T00:00']) {
      const en = await api(`/api/audit-log?filter[from]=${encodeURIComponent(value)}`);
      expect([en.statusCode, en.json().errors], value).toEqual([
        400,
        { 'filter[from]': ['Write a calendar date as YYYY-MM-DD.'] },
      ]);
    }
    const ar = await api('/api/audit-log?filter[to]=2024-02-30', 'ar');
    expect(ar.statusCode).toBe(400);
    expect(ar.json().errors).toEqual({ 'filter[to]': ['اكتب التاريخ بالصيغة YYYY-MM-DD.'] });
    const backwards = await api('/api/audit-log?filter[from]=2024-03-02&filter[to]=2024-03-01');
    expect([backwards.statusCode, backwards.json().errors]).toEqual([
      400,
      { 'filter[to]': ['The end date comes before the start date.'] },
    ]);
    for (const query of ['filter[user_id]=abc', 'filter[school_id]=0', 'filter[action]=DROP%20TABLE', 'per_page=101'])
      expect((await api(`/api/audit-log?${query}`)).statusCode, query).toBe(400);
  });

  it('pages: per_page rows a page, the meta of every list', async () => {
    const made = [];
    for (let i = 0; i < 23; i++)
      made.push(await insert({ action: 'test.page', target: `exams/${i}`, at: `2023-01-01T00:00:${10 + i}Z` }));
    const newestFirst = [...made].reverse();
    const first = await api('/api/audit-log?filter[action]=test.page&per_page=10');
    expect(first.json().data.map((row: { id: number }) => row.id)).toEqual(newestFirst.slice(0, 10));
    const last = (await api('/api/audit-log?filter[action]=test.page&per_page=10&page=3')).json();
    expect(last.data.map((row: { id: number }) => row.id)).toEqual(newestFirst.slice(20));
    expect(last.meta).toEqual({
      current_page: 3,
      last_page: 3,
      per_page: 10,
      total: 23,
      next_page: null,
      previous_page: 2,
      pages: [1, 2, 3],
    });
    const oldestFirst = (await api('/api/audit-log?filter[action]=test.page&per_page=2&order=asc')).json();
    expect(oldestFirst.data.map((row: { id: number }) => row.id)).toEqual([made[0], made[1]]);
  });

  it('lists the actions and target types the log holds, each once', async () => {
    await insert({ action: 'test.choices', target: 'roster_imports/3' });
    await insert({ action: 'test.choices', target: 'roster_imports/4' });
    const response = await api('/api/audit-log/actions');
    const { data } = { data: auditLogChoices.parse(response.json().data) };
    expect(data.actions).toContain('test.choices');
    expect(data.actions.filter((action) => action === 'test.choices')).toHaveLength(1);
    expect(data.target_types).toEqual([...new Set(data.target_types)].sort());
    expect(data.target_types).toContain('roster_imports');
  });
});

describe('the CSV export', () => {
  const parse = (body: string) => Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

  it('writes the filtered rows, newest first, as UTF-8 with a BOM, times in APP_TIMEZONE; and is itself audited', async () => {
    await insert({ action: 'test.export', target: 'exams/7', at: '2024-06-01T06:00:00Z', reason: '=HYPERLINK("x")' });
    await insert({
      action: 'test.export',
      target: 'users/8',
      at: '2024-06-02T06:00:00Z',
      school_id: school.id,
      summary: { role: 'com.ltm.roles.author' },
    });
    const response = await api('/api/audit-log/export?format=csv&filter[action]=test.export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parse(response.body);
    expect(header).toEqual([
      'Entry',
      'Time (Asia/Dubai)',
      'Actor id',
      'Actor',
      'Actor e-mail or username',
      'Address',
      'Action',
      'Action in words',
      'Target',
      'School id',
      'School',
      'Summary',
      'Reason',
      'Request id',
    ]);
    expect(rows.map((row) => [row[1], row[3], row[6], row[8], row[10], JSON.parse(row[11]), row[12]])).toEqual([
      [
        '2024-06-02 10:00:00',
        'Chief Auditor',
        'test.export',
        'users/8',
        school.name_en,
        { role: 'com.ltm.roles.author' },
        '',
      ],
      // A reason a spreadsheet would take for a formula is made plain text.
      ['2024-06-01 10:00:00', 'Chief Auditor', 'test.export', 'exams/7', '', {}, `'=HYPERLINK("x")`],
    ]);
    expect(rows.map((row) => row[4])).toEqual([adminEmail, adminEmail]);
    const [exported] = await auditRows(t.db, 'audit_log.export');
    expect(exported).toMatchObject({
      actor_id: adminId,
      target: 'audit_log',
      target_type: 'audit_log',
      summary: { format: 'csv', filters: { 'filter[action]': ['test.export'] } },
      request_id: response.headers['x-request-id'],
    });
  });

  it('names its columns, schools and actions in Arabic when asked', async () => {
    const response = await api(`/api/audit-log/export?filter[action]=exams.publish,test.export&lang=ar`);
    const [header, ...rows] = parse(response.body);
    expect(header.slice(0, 2)).toEqual(['القيد', 'الوقت (Asia/Dubai)']);
    expect(rows[0][10]).toBe(school.name_ar);
    await insert({ action: 'exams.publish', target: 'exams/7' });
    const [, publish] = parse((await api(`/api/audit-log/export?filter[action]=exams.publish`, 'ar')).body);
    expect(publish[7]).toBe('نشر اختبار');
  });

  it('refuses a malformed date with 400, and writes no entry', async () => {
    const before = (await auditRows(t.db, 'audit_log.export')).length;
    const response = await api('/api/audit-log/export?filter[to]=2024-02-31');
    expect(response.statusCode).toBe(400);
    expect((await auditRows(t.db, 'audit_log.export')).length).toBe(before);
  });
});

describe('who may read it', () => {
  const routes = ['/api/audit-log', '/api/audit-log/actions', '/api/audit-log/export?format=csv'];

  it('answers 401 signed out and 403 to authors, correctors, school staff and students; writes nothing for them', async () => {
    const before = (await auditRows(t.db, 'audit_log.export')).length;
    for (const url of routes) expect((await call(t.app, 'GET', url)).statusCode, url).toBe(401);
    for (const role of [ROLES.author, ROLES.corrector, ROLES.school, ROLES.student]) {
      const cookie = await signIn(t.app, await buildUser(t.db, { role }));
      for (const url of routes) expect((await api(url, 'en', cookie)).statusCode, `${role} ${url}`).toBe(403);
    }
    expect((await auditRows(t.db, 'audit_log.export')).length).toBe(before);
  });
});

describe('the log is append-only in the database', () => {
  it('refuses TRUNCATE (UPDATE and DELETE: media-integrity.test.ts), and keeps the rows', async () => {
    const id = await insert({ action: 'test.truncate', target: 'exams/1' });
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(
      t.db.updateTable('audit_log').set({ school_id: school.id }).where('id', '=', String(id)).execute(),
    ).rejects.toThrow(/append-only/);
    expect((await listed('filter[action]=test.truncate')).data.map((row) => row.id)).toEqual([id]);
  });
});
