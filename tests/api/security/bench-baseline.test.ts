import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call } from '../../helpers/api-client';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/** The delivery benchmark's bare baseline route exists only in the benchmark's own mode. */
let normal: TestContext;
let bench: TestContext;
beforeAll(async () => {
  normal = await createTestApp();
  bench = await createTestApp({ benchBaselineRoute: true });
}, 60_000);
afterAll(async () => {
  await normal?.close();
  await bench?.close();
});

const body = { id: 7, payload: { answer: { value: true } }, seq: 3 };

describe('the benchmark baseline route', () => {
  it('is absent from a normal start: 404, and nothing stored', async () => {
    const response = await call(normal.app, 'PUT', '/api/bench/baseline', body);
    expect(response.statusCode).toBe(404);
    expect((await call(normal.app, 'GET', '/api/bench/save-groups')).statusCode).toBe(404);
    expect(normal.app.printRoutes()).not.toContain('baseline');
    expect(normal.app.printRoutes()).not.toContain('save-groups');
    expect((await call(normal.app, 'POST', '/api/bench/profile/start', {})).statusCode).toBe(404);
    expect(normal.app.printRoutes()).not.toContain('bench');
  });

  it("profiles this process between a start and a stop in the benchmark's mode (issue 44)", async () => {
    expect((await call(bench.app, 'POST', '/api/bench/profile/stop', {})).json()).toEqual({ data: null });
    expect((await call(bench.app, 'POST', '/api/bench/profile/start', {})).json()).toEqual({ data: { started: true } });
    for (let k = 0; k < 5; k++) await call(bench.app, 'PUT', '/api/bench/baseline', { ...body, seq: 10 + k });
    const profile = (await call(bench.app, 'POST', '/api/bench/profile/stop', {})).json().data;
    expect(profile.nodes.length).toBeGreaterThan(1);
    expect(profile.samples.length).toBe(profile.timeDeltas.length);
    expect(profile.endTime).toBeGreaterThan(profile.startTime);
    expect((await call(bench.app, 'POST', '/api/bench/profile/pause', {})).statusCode).toBe(400);
  });

  it("answers in the benchmark's mode: one upsert, no session", async () => {
    expect((await call(bench.app, 'PUT', '/api/bench/baseline', body)).json()).toEqual({ data: { id: 7, seq: 3 } });
    expect((await call(bench.app, 'PUT', '/api/bench/baseline', { ...body, seq: 4 })).statusCode).toBe(200);
    const { rows } = await sql<{ seq: number }>`select seq from bench_baseline where id = 7`.execute(bench.db);
    expect(rows).toEqual([{ seq: 4 }]);
    // The group commit's figures, for the benchmark's report (no save made in this app yet).
    expect((await call(bench.app, 'GET', '/api/bench/save-groups')).json().data).toMatchObject({
      statements: 0,
      requests: 0,
    });
  });
});
