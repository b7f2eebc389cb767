import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { REPORT_STATUS } from '../../src/common/reports/index';
import { ManualClock } from '../../src/server/clock';
import { examItemAnalysis } from '../../src/server/item-analysis/index';
import { loadReportContext } from '../../src/server/reports/report-data';
import { loadReportData } from '../../src/server/reports/report-documents';
import { generateReport } from '../../src/server/reports/index';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { webReportQuery } from '../../src/server/web-reports/web-report-query';
import { webReportResults } from '../../src/server/web-reports/web-report-results';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { buildReportScene, reportDeps, runReportJobs } from '../helpers/report-factory';
import { startStreamingReplica, type StreamingReplica } from '../helpers/streaming-replica';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { buildWebReportWorld } from '../helpers/web-report-factory';
import { freePort } from '../e2e/server-process';

/**
 * Heavy reads on a real streaming replica of the machine's PostgreSQL (pg_basebackup, then a hot
 * standby on a free port): web reports, item analysis and report data read there once it has
 * replayed what the primary had written, give the primary's answers, go to the primary while
 * replay is paused (after waiting REPLICA_MAX_WAIT_MS) with the fresh answer, and to the primary
 * without an error when the replica is gone. PostgreSQL only: PGlite has no replicas. The primary
 * must allow local replication (scripts/allow-local-replication.sh).
 */
const adminUrl = process.env.DATABASE_URL;
// Long enough for the replica to keep up while other test files write (each makes a database).
const MAX_WAIT_MS = 1_000;
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));

let replica: StreamingReplica;
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let author: string;
let deps: ReturnType<typeof reportDeps>;
let scene: Awaited<ReturnType<typeof buildReportScene>>;
let world: Awaited<ReturnType<typeof buildWebReportWorld>>;

const stats = () => t.app.reportReads.stats();
/** What `stats` gained since `before`. */
const gained = (before: ReturnType<typeof stats>) => {
  const now = stats();
  return {
    replica: now.replica - before.replica,
    primary: now.primary - before.primary,
    lagging: now.lagging - before.lagging,
    failed: now.failed - before.failed,
  };
};
/** Round 1 of the world's first school: the figures and the leaderboard. */
const boardQuery = () => ({
  platform_id: String(world.platform.id),
  'school_id[]': String(world.schools[0].school.id),
  'round_id[]': String(world.rounds[0].id),
  'grade_id[]': String(world.grade.id),
});
const webResults = async (app = t.app, cookie = admin) => {
  const response = await call(app, 'GET', `/api/web-report/results?${new URLSearchParams(boardQuery())}`, undefined, {
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
/** The same figures read by the function itself on the primary. */
const primaryWebResults = async () => {
  const { comparative, ...chosen } = webReportQuery.parse(boardQuery());
  const data = await webReportResults(t.db, { scope: { all: true, readerId: null }, ...chosen }, comparative, 'en');
  return JSON.parse(JSON.stringify(data));
};
const itemAnalysis = async () => {
  const response = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/item-analysis`, undefined, { cookie: author });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const primaryItemAnalysis = async () => JSON.parse(JSON.stringify(await examItemAnalysis(t.db, scene.exam.id)));
const refresh = async () => {
  const response = await call(t.app, 'POST', '/api/web-report/refresh', {}, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
};

describe.skipIf(!adminUrl)('heavy reads on a streaming read replica (PostgreSQL only; skipped on PGlite)', () => {
  beforeAll(async () => {
    const started = performance.now();
    replica = await startStreamingReplica(adminUrl!);
    console.info(`streaming replica on port ${replica.port} ready in ${Math.round(performance.now() - started)} ms`);
    t = await createTestApp(
      (database) => ({ databaseReplicaUrl: replica.urlFor(database), replicaMaxWaitMs: MAX_WAIT_MS }),
      clock,
    );
    registry = await loadSchemaRegistry();
    admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    deps = reportDeps(t);
    // Three students submitted, two corrected: the third is corrected while the replica lags.
    scene = await buildReportScene(t, registry, { count: 3, corrected: 2 });
    world = await buildWebReportWorld(t.db, registry, 3);
    const [a0, a1] = world.schools[0].students;
    await world.result(a0, 1, { percent: 90, skills: [100, 80] });
    await world.result(a1, 1, { percent: 60, skills: [50, 70] });
    await refresh();
  }, 180_000);
  afterAll(async () => {
    await deps?.close();
    await t?.close();
    await replica?.remove();
  });

  it('reads web reports and item analysis on the replica once it has caught up, with the primary’s answers', async () => {
    await replica.caughtUp();
    const reads = await t.app.reportReads.db();
    const [row] = await reads.selectNoFrom((eb) => eb.fn<boolean>('pg_is_in_recovery', []).as('r')).execute();
    expect(row.r).toBe(true);

    const before = stats();
    const board = await webResults();
    expect(board.figures.results).toBe(2);
    expect(board.leaderboard.top.map((row: { percent: number }) => row.percent)).toEqual([90, 60]);
    expect(board).toEqual(await primaryWebResults());
    const analysis = await itemAnalysis();
    expect(analysis.exam.attempts).toBe(2);
    expect(analysis).toEqual(await primaryItemAnalysis());
    expect(gained(before)).toEqual({ replica: 2, primary: 0, lagging: 0, failed: 0 });
  });

  it('reads on the primary, fresh, what was written while the replica lags; on the replica again once it replays', async () => {
    await replica.pause();
    try {
      const before = stats();
      // Written on the primary, then read at once: a correction, a result and a refresh, a report request.
      await scene.correct(2);
      const analysis = await itemAnalysis();
      expect(analysis.exam.attempts).toBe(3);
      await world.result(world.schools[0].students[2], 1, { percent: 30, skills: [20, 40] });
      await refresh();
      const board = await webResults();
      expect(board.figures.results).toBe(3);
      expect(board.leaderboard.top.map((row: { percent: number }) => row.percent)).toEqual([90, 60, 30]);
      const queued = await call(
        t.app,
        'POST',
        '/api/schools/reports',
        { school_id: scene.school.id, 'correction_status_ids[]': '3', language: 'en' },
        { cookie: admin },
      );
      expect(queued.statusCode, queued.body).toBe(200);
      const ran = await runReportJobs(t, deps);
      expect(ran.length).toBeGreaterThan(0);
      const statuses = await t.db.selectFrom('reports').select('status').where('id', 'in', ran).execute();
      expect(statuses.map((row) => row.status)).toEqual(ran.map(() => REPORT_STATUS.generated));
      expect(gained(before)).toEqual({ replica: 0, primary: 2 + ran.length, lagging: 2 + ran.length, failed: 0 });

      // Each waited for the replica about REPLICA_MAX_WAIT_MS, and no longer.
      const started = performance.now();
      expect(await t.app.reportReads.db()).toBe(t.db);
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(MAX_WAIT_MS - 50);
      expect(waited).toBeLessThan(MAX_WAIT_MS + 1_000);
      expect(t.logs.filter((line) => line.includes('read replica lagging'))).toHaveLength(1);
    } finally {
      await replica.resume();
    }

    await replica.caughtUp();
    const before = stats();
    expect(await itemAnalysis()).toEqual(await primaryItemAnalysis());
    expect(await webResults()).toEqual(await primaryWebResults());
    // Report data: the replica's equals the primary's, and a report generates from it.
    const report = await t.db
      .selectFrom('reports')
      .select('id')
      .where('student_id', '=', scene.students[0].id)
      .executeTakeFirstOrThrow();
    const context = await loadReportContext(t.db, report.id);
    const onReplica = await loadReportData(await t.app.reportReads.db(), context);
    expect(onReplica).toEqual(await loadReportData(t.db, context));
    expect(await generateReport(deps, report.id)).toBe(true);
    expect(gained(before)).toEqual({ replica: 4, primary: 0, lagging: 0, failed: 0 });
  }, 120_000);

  it('reads on the primary, without an error, when the replica cannot be reached', async () => {
    // An app whose replica's port is closed.
    const closedPort = await freePort();
    const other = await createTestApp({ databaseReplicaUrl: `postgres://postgres@127.0.0.1:${closedPort}/postgres` });
    try {
      const cookie = await signIn(other.app, await buildUser(other.db, { role: ROLES.admin }));
      const filters = await call(other.app, 'GET', '/api/web-report/filters', undefined, { cookie });
      expect(filters.statusCode, filters.body).toBe(200);
      const results = await call(other.app, 'GET', '/api/web-report/results', undefined, { cookie });
      expect(results.statusCode, results.body).toBe(200);
      const missing = await call(other.app, 'GET', '/api/exams/999999/item-analysis', undefined, { cookie });
      expect(missing.statusCode, missing.body).toBe(404);
      expect(other.app.reportReads.stats()).toEqual({ replica: 0, primary: 3, lagging: 0, failed: 3 });
      // One warning, not one per read.
      expect(other.logs.filter((line) => line.includes('read replica unavailable'))).toHaveLength(1);
    } finally {
      await other.close();
    }

    // The running replica crashes under the main app: its connections break, the process goes on.
    await replica.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = stats();
    expect(await webResults()).toEqual(await primaryWebResults());
    expect(await itemAnalysis()).toEqual(await primaryItemAnalysis());
    expect(gained(before)).toEqual({ replica: 0, primary: 2, lagging: 0, failed: 2 });
    expect(t.logs.filter((line) => /read replica (unavailable|connection lost)/.test(line))).toHaveLength(1);
  }, 60_000);
});
