import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../helpers/api-client';
import { createTestApp, type TestContext } from '../../helpers/test-app';
import { ConfigError, loadConfig } from '../../../src/server/config';

/** The end-to-end tests' movable clock (TEST_CLOCK=1) exists only when asked for, never in production. */
let normal: TestContext;
let moved: TestContext;
beforeAll(async () => {
  normal = await createTestApp();
  moved = await createTestApp({ testClock: true });
}, 60_000);
afterAll(async () => {
  await normal?.close();
  await moved?.close();
});

describe('the test clock', () => {
  it('is absent from a normal start: 404 for every method, and the app keeps the system time', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(
        normal.app,
        method,
        '/api/test/clock',
        method === 'POST' ? { advance_seconds: 60 } : undefined,
      );
      expect(response.statusCode).toBe(404);
    }
    expect(normal.app.printRoutes()).not.toContain('clock');
    expect(Math.abs(normal.app.clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('cannot be switched on in production', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://assess.example.org' };
    expect(() => loadConfig({ ...production, TEST_CLOCK: '1' })).toThrow(ConfigError);
    expect(loadConfig(production).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).testClock).toBe(false);
  });

  it("moves the application's time forward, and back to the system's on reset", async () => {
    const before = Date.now();
    const advanced = await call(moved.app, 'POST', '/api/test/clock', { advance_seconds: 90 });
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json().data.offset_seconds).toBe(90);
    const now = Date.parse(advanced.json().data.now);
    expect(now - before).toBeGreaterThanOrEqual(90_000);
    expect(now - before).toBeLessThan(95_000);
    expect(moved.app.clock.now().getTime() - Date.now()).toBeGreaterThan(89_000);
    // Delivery reads the same clock: the server time a student's player is sent.
    expect((await call(moved.app, 'GET', '/api/test/clock')).json().data.offset_seconds).toBe(90);

    const reset = await call(moved.app, 'POST', '/api/test/clock', { reset: true });
    expect(reset.json().data.offset_seconds).toBe(0);
    expect(Math.abs(moved.app.clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('refuses to go backwards, by more than a day, or a body it does not know, and changes nothing', async () => {
    for (const body of [
      { advance_seconds: -60 },
      { advance_seconds: 0 },
      { advance_seconds: 86_401 },
      { advance_seconds: 1.5 },
      { reset: false },
      { set: '2020-01-01' },
      {},
    ]) {
      const response = await call(moved.app, 'POST', '/api/test/clock', body);
      expect([400, 422], JSON.stringify(body)).toContain(response.statusCode);
      expect(response.json().message).toBeTruthy();
    }
    expect(moved.app.clock.now().getTime() - Date.now()).toBeLessThan(1000);
  });
});
