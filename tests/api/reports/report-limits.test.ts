import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { REPORT_STATUS } from '../../../src/common/reports/index';
import { codePointLength } from '../../../src/common/text-bounds';
import { ManualClock } from '../../../src/server/clock';
import { translate } from '../../../src/server/http/i18n';
import { generateReport } from '../../../src/server/reports/index';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { buildReportScene, reportDeps } from '../../helpers/report-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * Reports under abuse (issue 23): asking again for reports already queued or being generated joins
 * them instead of queueing more jobs (counted in the real queue, pg-boss, whose workers are told to
 * wait an hour so jobs stay put), a per-user rate of report requests, and names at their maximum
 * length through generation.
 */
const RATE = 30;
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let scene: Awaited<ReturnType<typeof buildReportScene>>;

beforeAll(async () => {
  t = await createTestApp({ jobs: { enabled: true, pollSeconds: 3600 }, reportRequestsPerHour: RATE }, clock);
  registry = await loadSchemaRegistry();
  scene = await buildReportScene(t, registry, { count: 3 });
}, 180_000);
afterAll(() => t.close());

const admin = async () => signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
const askSchool = (cookie: string, body: Record<string, unknown> = {}, lang: 'en' | 'ar' = 'en') =>
  call(
    t.app,
    'POST',
    '/api/schools/reports',
    { school_id: scene.school.id, correction_status_ids: [3], ...body },
    { cookie, lang },
  );
const jobs = async () =>
  (
    await sql<{ report_id: number }>`
      select (data->>'report_id')::int as report_id from pgboss.job where name = 'report-generate'`.execute(t.db)
  ).rows.map((r) => r.report_id);
const setStatus = (status: number) => t.db.updateTable('reports').set({ status }).execute();

describe('asking again for reports joins them', () => {
  it('queues each report once however many times, or at once, it is asked for while queued or being generated', async () => {
    const cookie = await admin();
    const first = await askSchool(cookie);
    expect(first.statusCode, first.body).toBe(200);
    const ids: number[] = first.json().data.report_ids;
    expect(ids).toHaveLength(7); // school, grade, class, three students, the school's bundle
    for (let i = 0; i < 9; i++) {
      const again = await askSchool(cookie);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.report_ids).toEqual(ids);
    }
    expect((await jobs()).sort()).toEqual([...ids].sort());

    // Being generated: still joined.
    await setStatus(REPORT_STATUS.generating);
    expect((await askSchool(cookie)).statusCode).toBe(200);
    expect(await jobs()).toHaveLength(7);

    // Made (or failed): asking again makes them again, once, even for parallel requests.
    await setStatus(REPORT_STATUS.generated);
    const parallel = await Promise.all(Array.from({ length: 8 }, () => askSchool(cookie)));
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await jobs()).toHaveLength(14);
    const statuses = await t.db.selectFrom('reports').select('status').execute();
    expect(statuses.every((r) => r.status === REPORT_STATUS.generate)).toBe(true);

    // Other languages are other files: that request is queued.
    expect((await askSchool(cookie, { language: 'ar' })).statusCode).toBe(200);
    expect(await jobs()).toHaveLength(21);
  }, 120_000);
});

describe('the per-user rate of report requests', () => {
  it('answers 429 with Retry-After in the request’s language past REPORT_REQUESTS_PER_HOUR, for that user only', async () => {
    const cookie = await admin();
    // A grade request that finds nothing to make (418) is still a request.
    const empty = { school_id: scene.school.id, grade_id: 999_999, correction_status_ids: [3] };
    for (let i = 0; i < RATE; i++) {
      const response = await call(t.app, 'POST', '/api/grades/reports', empty, { cookie });
      expect(response.statusCode, String(i)).toBe(418);
    }
    // A body refused by validation costs nothing, and is still refused first.
    const invalid = await call(t.app, 'POST', '/api/grades/reports', { school_id: 'x' }, { cookie });
    expect(invalid.statusCode).toBe(422);
    for (const [url, body] of [
      ['/api/schools/reports', { school_id: scene.school.id, correction_status_ids: [3] }],
      ['/api/grades/reports', empty],
      ['/api/schools/generate/exams/report', { school_id: scene.school.id }],
    ] as const) {
      const refused = await call(t.app, 'POST', url, body, { cookie, lang: 'ar' });
      expect(refused.statusCode, url).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(3500);
      expect(refused.json()).toEqual({
        message: translate('ar', 'reports.errors.too_many_requests', { minutes: Math.ceil(seconds / 60) }),
      });
    }
    const en = await call(t.app, 'POST', '/api/grades/reports', empty, { cookie });
    expect(en.json().message).toMatch(/^You have asked for reports too often\..* 60 minutes/);
    // Another user is not held back.
    expect((await call(t.app, 'POST', '/api/grades/reports', empty, { cookie: await admin() })).statusCode).toBe(418);
    // An hour later the user may ask again.
    await t.db
      .updateTable('rate_limits')
      .set({ window_started_at: sql`window_started_at - interval '61 minutes'` })
      .where('key', 'like', 'reports:user:%')
      .execute();
    expect((await call(t.app, 'POST', '/api/grades/reports', empty, { cookie })).statusCode).toBe(418);
  }, 120_000);
});

describe('names at their maximum length', () => {
  it('generates every report when the school, class, student and exam names are 255 characters', async () => {
    const long = await buildReportScene(t, registry, { count: 2 });
    // 255 characters outside the BMP: 510 UTF-16 units each, so a careless slice splits a pair.
    const name = (letter: string) => letter.repeat(255);
    await t.db
      .updateTable('schools')
      .set({ name_en: name('𝐒'), name: name('𝐒') })
      .where('id', '=', long.school.id)
      .execute();
    await t.db
      .updateTable('school_classes')
      .set({ name_en: name('𝐂'), name: name('𝐂') })
      .where('id', '=', long.schoolClass.id)
      .execute();
    await t.db
      .updateTable('students')
      .set({ name: name('𝐋') })
      .where('school_id', '=', long.school.id)
      .execute();
    await t.db
      .updateTable('exams')
      .set({ name_en: name('𝐄'), name: name('𝐄') })
      .where('id', '=', long.exam.id)
      .execute();
    const cookie = await admin();
    const queued = await call(
      t.app,
      'POST',
      '/api/schools/reports',
      { school_id: long.school.id, correction_status_ids: [3] },
      { cookie },
    );
    expect(queued.statusCode, queued.body).toBe(200);
    const ids: number[] = queued.json().data.report_ids;
    const deps = reportDeps(t);
    try {
      for (const id of ids) expect(await generateReport(deps, id), `report ${id}`).toBe(true);
    } finally {
      await deps.close();
    }
    const reports = await t.db
      .selectFrom('reports')
      .select(['id', 'name', 'file_name', 'status'])
      .where('id', 'in', ids)
      .execute();
    for (const report of reports) {
      expect(report.status).toBe(REPORT_STATUS.generated);
      expect(codePointLength(report.name)).toBeLessThanOrEqual(255);
      expect(report.name.isWellFormed()).toBe(true);
      // Both parts shown, each shortened at a character boundary: `𝐒𝐒…𝐒… — 𝐄𝐄…𝐄…` (a grade's short name whole).
      expect(report.name).toMatch(/^(𝐒+…|𝐂+…|𝐋+…|name_en \w+) — 𝐄+…$/u);
      expect(report.file_name.isWellFormed()).toBe(true);
    }
    const download = await call(
      t.app,
      'POST',
      '/api/reports/download',
      { language: 'en', report_ids: ids },
      { cookie },
    );
    expect(download.statusCode).toBe(200);
    const single = await call(
      t.app,
      'POST',
      '/api/reports/download',
      { language: 'en', report_ids: [ids[0]] },
      { cookie },
    );
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-disposition']).toContain("filename*=UTF-8''");
  }, 180_000);
});
