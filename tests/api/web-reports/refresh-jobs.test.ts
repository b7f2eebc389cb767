import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { REFRESH_QUEUE } from '../../../src/server/web-reports/index';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { buildReportScene } from '../../helpers/report-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * The refresh of the web report figures with the real queue (pg-boss in the test's database): on
 * its 24-hour schedule, and a minute after a school's report migration. "A minute passes" for the
 * queue by moving the job's start time to now.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: { enabled: true, pollSeconds: 0.5 } }, clock);
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
}, 120_000);
afterAll(() => t.close());

describe('the web report refresh job', () => {
  it('is scheduled every 24 hours', async () => {
    const { rows } = await sql<{
      cron: string;
    }>`select cron from pgboss.schedule where name = ${REFRESH_QUEUE}`.execute(t.db);
    expect(rows).toEqual([{ cron: '0 2 * * *' }]);
  });

  it("follows a school's report migration: queued a minute later, once, then the figures show the school", async () => {
    const scene = await buildReportScene(t, registry, { count: 2 });
    const migrated = await call(
      t.app,
      'POST',
      '/api/schools/migrate/reports',
      { school_id: scene.school.id },
      { cookie: admin },
    );
    expect(migrated.statusCode, migrated.body).toBe(200);
    const waiting = async () =>
      (
        await sql<{ id: string; seconds_away: number }>`
          select id, extract(epoch from start_after - now())::float as seconds_away
          from pgboss.job where name = ${REFRESH_QUEUE} and state = 'created'`.execute(t.db)
      ).rows;
    await expect.poll(async () => (await waiting()).length, { timeout: 20_000 }).toBe(1);
    const [job] = await waiting();
    expect(job.seconds_away).toBeGreaterThan(40);
    expect(job.seconds_away).toBeLessThanOrEqual(61);
    // A second migration within the minute shares the same refresh.
    const again = await call(
      t.app,
      'POST',
      '/api/schools/migrate/reports',
      { school_id: scene.school.id },
      { cookie: admin },
    );
    expect(again.statusCode, again.body).toBe(200);
    const completedMigrations = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from pgboss.job where name = 'report-migrate' and state = 'completed'`.execute(t.db)
        ).rows[0].n,
      );
    await expect.poll(completedMigrations, { timeout: 20_000 }).toBe(2);
    expect(await waiting()).toHaveLength(1);

    await sql`update pgboss.job set start_after = now() where id = ${job.id}::uuid`.execute(t.db);
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('web_report_refreshes').select(['reason', 'status']).execute()).map(
            (r) => `${r.reason} ${r.status}`,
          ),
        { timeout: 20_000 },
      )
      .toEqual(['migration done']);
    const results = await call(t.app, 'GET', `/api/web-report/results?school_id[]=${scene.school.id}`, undefined, {
      cookie: admin,
    });
    expect(results.json().data.figures).toMatchObject({ results: 2, participation: { assigned: 2, completed: 2 } });
  }, 90_000);
});
