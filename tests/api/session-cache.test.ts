import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { hashToken } from '../../src/server/auth/sessions';
import { setUserActive } from '../../src/server/users/users-service';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

// Sessions kept a few seconds in the server process (SESSION_CACHE_SECONDS): a student's save does
// not read the session again, and every change to a session or its user is seen at once.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ sessionCacheSeconds: 30 });
});
afterAll(() => t.close());

const tokenOf = (cookie: string) => cookie.split('=')[1]!;
const me = (app: TestContext['app'], cookie: string) => call(app, 'GET', '/api/user', undefined, { cookie });

/** Removes the stored session behind the server's back: only a request that reads it again sees it. */
const dropStoredSession = (db: TestContext['db'], cookie: string) =>
  db
    .deleteFrom('sessions')
    .where('id_hash', '=', hashToken(tokenOf(cookie)))
    .execute();

describe('kept sessions', () => {
  it('answers from the kept session without reading it again, and reads it on every request when turned off', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const cookie = await signIn(t.app, user);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    await dropStoredSession(t.db, cookie);
    expect((await me(t.app, cookie)).statusCode).toBe(200);

    const uncached = await createTestApp({ sessionCacheSeconds: 0 });
    try {
      const other = await buildUser(uncached.db, { role: ROLES.school });
      const otherCookie = await signIn(uncached.app, other);
      expect((await me(uncached.app, otherCookie)).statusCode).toBe(200);
      await dropStoredSession(uncached.db, otherCookie);
      expect((await me(uncached.app, otherCookie)).statusCode).toBe(401);
    } finally {
      await uncached.close();
    }
  });

  it('forgets a session at sign-out', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const cookie = await signIn(t.app, user);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/logout', undefined, { cookie })).statusCode).toBe(204);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('forgets every session of a user who is disabled', async () => {
    const user = await buildUser(t.db, { role: ROLES.school });
    const a = await signIn(t.app, user);
    const b = await signIn(t.app, user);
    expect((await me(t.app, a)).statusCode).toBe(200);
    expect((await me(t.app, b)).statusCode).toBe(200);
    await setUserActive(t.db, user.id, false);
    expect((await me(t.app, a)).statusCode).toBe(401);
    expect((await me(t.app, b)).statusCode).toBe(401);
  });

  it("shows a role taken away at once, also on the administrator's own session that stays", async () => {
    const admin = await buildUser(t.db, { role: ROLES.admin });
    const cookie = await signIn(t.app, admin);
    const given = await call(t.app, 'POST', `/api/users/${admin.id}/assign/role`, { role: ROLES.author }, { cookie });
    expect(given.statusCode).toBe(200);
    const roles = async () => ((await me(t.app, cookie)).json().data.roles as { role: string }[]).map((r) => r.role);
    expect(await roles()).toEqual([ROLES.admin, ROLES.author]);
    const taken = await call(t.app, 'POST', `/api/users/${admin.id}/remove/role`, { role: ROLES.author }, { cookie });
    expect(taken.statusCode).toBe(200);
    expect(await roles()).toEqual([ROLES.admin]);
  });

  it('shows a new name at once', async () => {
    const user = await buildUser(t.db, { role: ROLES.school, name: 'Before' });
    const cookie = await signIn(t.app, user);
    expect((await me(t.app, cookie)).json().data.name).toBe('Before');
    const renamed = await call(t.app, 'PUT', '/api/user/change/information', { name: 'After' }, { cookie });
    expect(renamed.statusCode).toBe(200);
    expect((await me(t.app, cookie)).json().data.name).toBe('After');
  });
});

describe('a kept session still expires', () => {
  const realNow = Date.now;
  afterEach(() => {
    Date.now = realNow;
  });

  it('ends at its idle timeout and at its absolute lifetime, though kept for longer', async () => {
    const app = await createTestApp({
      sessionCacheSeconds: 100_000,
      session: { idleMinutes: 1, absoluteHours: 1, cookieName: 'ltm_session' },
    });
    try {
      const idle = await signIn(app.app, await buildUser(app.db, { role: ROLES.school }));
      const busy = await signIn(app.app, await buildUser(app.db, { role: ROLES.school }));
      const start = realNow();
      // `busy` calls every 40 s: the kept session's last-seen moves on and is written back.
      for (let seconds = 40; seconds < 3600; seconds += 40) {
        Date.now = () => start + seconds * 1000;
        expect((await me(app.app, busy)).statusCode, `after ${seconds} s`).toBe(200);
      }
      expect((await me(app.app, idle)).statusCode).toBe(401);
      Date.now = () => start + 3_601_000;
      expect((await me(app.app, busy)).statusCode).toBe(401);
      expect(await app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("is not ended by this process's stale copy when another process kept it in use", async () => {
    const app = await createTestApp({
      sessionCacheSeconds: 100_000,
      session: { idleMinutes: 1, absoluteHours: 1, cookieName: 'ltm_session' },
    });
    try {
      const cookie = await signIn(app.app, await buildUser(app.db, { role: ROLES.school }));
      const start = realNow();
      expect((await me(app.app, cookie)).statusCode).toBe(200);
      // Another server process served it 50 s later and wrote its last use.
      await app.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(start + 50_000) })
        .execute();
      Date.now = () => start + 70_000;
      expect((await me(app.app, cookie)).statusCode).toBe(200);
      // Really idle (a minute after its last use anywhere): ended.
      Date.now = () => start + 200_000;
      expect((await me(app.app, cookie)).statusCode).toBe(401);
      expect(await app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
