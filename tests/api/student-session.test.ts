import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { loadConfig } from '../../src/server/config';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildDeliveryScene } from '../helpers/delivery-factory';
import { buildUser, signIn, TEST_PASSWORD } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 23, shared school computers: a student's session cookie lasts as long as the browser, and
 * the server ends a student's session after STUDENT_SESSION_IDLE_MINUTES of idleness (staff keep
 * SESSION_IDLE_MINUTES and a cookie for the session's lifetime).
 */
let t: TestContext;
const realNow = Date.now;
beforeAll(async () => {
  t = await createTestApp({
    session: { idleMinutes: 120, studentIdleMinutes: 30, absoluteHours: 12, cookieName: 'ltm_session' },
  });
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  Date.now = realNow;
});

async function student() {
  const scene = await buildDeliveryScene(t.app, t.db, await loadSchemaRegistry());
  const user = await t.db
    .selectFrom('users')
    .innerJoin('students', 'students.user_id', 'users.id')
    .select('users.email')
    .where('students.id', '=', scene.students[0].id)
    .executeTakeFirstOrThrow();
  return { cookie: scene.studentCookie, email: user.email };
}

const login = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: { email, password: TEST_PASSWORD },
  });

describe("a student's session", () => {
  it('is a browser-session cookie for a student, and a lasting one for staff', async () => {
    const { email } = await student();
    const staff = await buildUser(t.db, { role: ROLES.author });
    const sessionCookieOf = (response: Awaited<ReturnType<typeof login>>) =>
      [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('ltm_session='))!;
    const studentCookie = sessionCookieOf(await login(email!));
    const staffCookie = sessionCookieOf(await login(staff.email));
    expect(studentCookie).toMatch(/^ltm_session=[^;]+;.*HttpOnly/);
    expect(studentCookie).not.toMatch(/Max-Age|Expires/i);
    expect(staffCookie).toMatch(/Max-Age=43200/);
  });

  it('ends after STUDENT_SESSION_IDLE_MINUTES without a request, on the server; staff go on', async () => {
    const { cookie } = await student();
    const staff = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const start = realNow();
    const at = (minutes: number) => {
      Date.now = () => start + minutes * 60_000;
    };
    const status = async (who: string) =>
      (await call(t.app, 'GET', '/api/user', undefined, { cookie: who })).statusCode;
    // Used every 29 minutes: never idle for 30, so it goes on.
    for (const minutes of [29, 58]) {
      at(minutes);
      expect(await status(cookie), `after ${minutes} min`).toBe(200);
      expect(await status(staff)).toBe(200);
    }
    at(58 + 30);
    expect(await status(cookie)).toBe(401);
    expect(await status(staff)).toBe(200);
  });

  it('reads its idle limit from STUDENT_SESSION_IDLE_MINUTES (30 by default)', () => {
    expect(loadConfig({}).session.studentIdleMinutes).toBe(30);
    expect(loadConfig({ STUDENT_SESSION_IDLE_MINUTES: '15' }).session.studentIdleMinutes).toBe(15);
    expect(loadConfig({ STUDENT_SESSION_IDLE_MINUTES: 'soon' }).session.studentIdleMinutes).toBe(30);
  });
});
