import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLES, PLATFORMS_VIEW } from '../../src/common/permissions';
import { hashToken } from '../../src/server/auth/sessions';
import { flushSessionTouches } from '../../src/server/auth/session-touches';
import { deleteUser, setUserActive } from '../../src/server/users/users-service';
import { call, sessionCookie } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokenOf = (cookie: string) => cookie.split('=')[1];

describe('POST /api/login', () => {
  it('signs in, returns the current user and sets an HttpOnly SameSite=Lax cookie', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin, name: 'Amal' });
    const response = await call(t.app, 'POST', '/api/login', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: user.id,
      name: 'Amal',
      email: user.email,
      roles: [{ name: 'Administrator', role: ROLES.admin }],
    });
    expect(data.permissions).toContainEqual({ permission: PLATFORMS_VIEW });
    const cookie = response.cookies.find((c) => c.name === 'ltm_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only the hash is stored.
    const stored = await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((s) => s.id_hash)).toEqual([hashToken(cookie.value)]);
  });

  it('refuses a wrong password and an unknown email with 401 "Invalid login details", in both languages', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const wrong = await call(t.app, 'POST', '/api/login', { email: user.email, password: 'nope-nope-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid login details' });
    const unknown = await call(
      t.app,
      'POST',
      '/api/login',
      { email: 'ghost@example.test', password: 'whatever1' },
      { lang: 'ar' },
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'بيانات تسجيل الدخول غير صحيحة' });
    expect(unknown.cookies.find((c) => c.name === 'ltm_session')).toBeUndefined();
  });

  it('refuses a disabled account like a wrong password', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    await setUserActive(t.db, user.id, false);
    const response = await call(t.app, 'POST', '/api/login', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(401);
  });

  it('issues a new session id at every sign-in and ends the one the browser came with', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const first = await signIn(t.app, user);
    const again = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: user.password },
      { cookie: first },
    );
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: first })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: second })).statusCode).toBe(200);
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('returns 401 without a session or with a made-up one', async () => {
    expect((await call(t.app, 'GET', '/api/user')).statusCode).toBe(401);
    const forged = await call(t.app, 'GET', '/api/user', undefined, { cookie: 'ltm_session=forged-value' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('ends the session on the server at logout', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const cookie = await signIn(t.app, user);
    const me = await call(t.app, 'GET', '/api/user', undefined, { cookie });
    expect(me.json().data.email).toBe(user.email);
    const out = await call(t.app, 'POST', '/api/logout', undefined, { cookie });
    expect(out.statusCode).toBe(204);
    expect(
      await t.db
        .selectFrom('sessions')
        .where('id_hash', '=', hashToken(tokenOf(cookie)))
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(401);
  });
});

describe('session expiry', () => {
  // These tests move a session back in time in the database; a process that keeps sessions a few
  // seconds would not see it until then (session-cache.test.ts tests the kept sessions' expiry).
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ sessionCacheSeconds: 0 });
  });
  afterAll(() => t.close());

  it('ends a session idle for longer than the idle timeout', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const cookie = await signIn(t.app, user);
    const idle = t.app.config.session.idleMinutes;
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - make_interval(mins => ${idle + 1})` })
      .where('id_hash', '=', hashToken(tokenOf(cookie)))
      .execute();
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(401);
  });

  it('keeps an active session alive within the idle timeout', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const cookie = await signIn(t.app, user);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '10 minutes'` })
      .where('id_hash', '=', hashToken(tokenOf(cookie)))
      .execute();
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(200);
    // The use is noted and written with the others within seconds (issue 44): written now.
    await flushSessionTouches(t.db);
    const row = await t.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id_hash', '=', hashToken(tokenOf(cookie)))
      .executeTakeFirstOrThrow();
    expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it('keeps a session in steady use alive under a short idle timeout', async () => {
    const short = await createTestApp({ session: { idleMinutes: 1, absoluteHours: 12, cookieName: 'ltm_session' } });
    const realNow = Date.now;
    try {
      const cookie = await signIn(short.app, await buildUser(short.db, { role: ROLES.school }));
      const start = realNow();
      // A request every 40 seconds: never idle for a minute, so never signed out.
      for (const seconds of [40, 80, 120, 160]) {
        Date.now = () => start + seconds * 1000;
        expect(
          (await call(short.app, 'GET', '/api/user', undefined, { cookie })).statusCode,
          `after ${seconds} s`,
        ).toBe(200);
      }
      Date.now = () => start + 230 * 1000;
      expect((await call(short.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(401);
    } finally {
      Date.now = realNow;
      await short.close();
    }
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const cookie = await signIn(t.app, user);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('id_hash', '=', hashToken(tokenOf(cookie)))
      .execute();
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(401);
  });

  it('sets the absolute lifetime from the configuration', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const cookie = await signIn(t.app, user);
    const row = await t.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('id_hash', '=', hashToken(tokenOf(cookie)))
      .executeTakeFirstOrThrow();
    const hours = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(t.app.config.session.absoluteHours, 1);
  });

  it('ends every session of a user who is disabled or deleted', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const a = await signIn(t.app, user);
    const b = await signIn(t.app, user);
    await setUserActive(t.db, user.id, false);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: a })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: b })).statusCode).toBe(401);

    const other = await buildUser(t.db, { role: ROLES.school });
    const c = await signIn(t.app, other);
    await deleteUser(t.db, other.id);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: c })).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').where('user_id', '=', other.id).selectAll().execute()).toEqual([]);
  });
});

describe('production cookie', () => {
  it('marks the session cookie Secure when NODE_ENV=production', async () => {
    const prod = await createTestApp({ production: true });
    try {
      const user = await buildUser(prod.db, { role: ROLES.author });
      const response = await call(prod.app, 'POST', '/api/login', { email: user.email, password: user.password });
      expect(response.cookies.find((c) => c.name === 'ltm_session')?.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});

describe('role names', () => {
  it('follow the request language', async () => {
    const user = await buildUser(t.db, { role: ROLES.corrector });
    const cookie = await signIn(t.app, user);
    const ar = await call(t.app, 'GET', '/api/user', undefined, { cookie, lang: 'ar' });
    expect(ar.json().data.roles).toEqual([{ name: 'مصحّح', role: ROLES.corrector }]);
    const en = await call(t.app, 'GET', '/api/user', undefined, { cookie });
    expect(en.json().data.roles).toEqual([{ name: 'Corrector', role: ROLES.corrector }]);
  });
});
