import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLES } from '../../src/common/permissions';
import { flushSessionTouches, noteSessionTouch } from '../../src/server/auth/session-touches';
import { hashToken } from '../../src/server/auth/sessions';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 44: a session's last use is noted in memory and written in batches, not by an update (and a
 * commit) inside the request. It must still keep a session in use alive, in this process at once
 * and in the database after the flush, and never move a last use backwards.
 */
let t: TestContext;
beforeAll(async () => {
  // Read from the database on every request, as another process would.
  t = await createTestApp({ sessionCacheSeconds: 0 });
});
afterAll(() => t.close());

const tokenOf = (cookie: string) => cookie.split('=')[1]!;
const lastSeen = async (cookie: string) =>
  new Date(
    (
      await t.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('id_hash', '=', hashToken(tokenOf(cookie)))
        .executeTakeFirstOrThrow()
    ).last_seen_at,
  ).getTime();
const setLastSeen = (cookie: string, minutesAgo: number) =>
  t.db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where('id_hash', '=', hashToken(tokenOf(cookie)))
    .execute();
const me = (cookie: string) => call(t.app, 'GET', '/api/user', undefined, { cookie });

describe("sessions' last use in batches", () => {
  it('writes the use at the flush, not in the request', async () => {
    const cookie = await signIn(t.app, await buildUser(t.db, { role: ROLES.school }));
    await setLastSeen(cookie, 10);
    const before = await lastSeen(cookie);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastSeen(cookie)).toBe(before);
    expect(await flushSessionTouches(t.db)).toBeGreaterThanOrEqual(1);
    expect(Date.now() - (await lastSeen(cookie))).toBeLessThan(60_000);
    expect(await flushSessionTouches(t.db)).toBe(0);
  });

  it('keeps a session alive in this process by its noted use before it is written', async () => {
    const idle = t.app.config.session.idleMinutes;
    const cookie = await signIn(t.app, await buildUser(t.db, { role: ROLES.school }));
    // Used a minute ago here (noted, not written), and past the idle timeout in the database.
    noteSessionTouch(t.db, hashToken(tokenOf(cookie)), Date.now() - 60_000);
    await setLastSeen(cookie, idle + 1);
    expect((await me(cookie)).statusCode).toBe(200);
    // Without the note, the same row ends the session.
    await flushSessionTouches(t.db);
    await setLastSeen(cookie, idle + 1);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('never moves a last use backwards, and writes nothing for a session that ended', async () => {
    const cookie = await signIn(t.app, await buildUser(t.db, { role: ROLES.school }));
    const hash = hashToken(tokenOf(cookie));
    const written = await lastSeen(cookie);
    noteSessionTouch(t.db, hash, written - 3_600_000);
    await flushSessionTouches(t.db);
    expect(await lastSeen(cookie)).toBe(written);
    expect((await call(t.app, 'POST', '/api/logout', undefined, { cookie })).statusCode).toBeLessThan(300);
    noteSessionTouch(t.db, hash, Date.now());
    await flushSessionTouches(t.db);
    expect(await t.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', hash).execute()).toEqual([]);
  });
});
