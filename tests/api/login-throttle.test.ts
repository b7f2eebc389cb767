import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLES } from '../../src/common/permissions';
import { buildUser } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { perAccount: 3, perAddress: 6, windowMinutes: 15 } });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1', lang: 'en' | 'ar' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'accept-language': lang },
    payload: { email, password },
  });

describe('login throttling', () => {
  it('locks an account after too many failures, even with the right password, with a translated 429', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-pass-1', `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await login(user.email, user.password, '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const arabic = await login(user.email, user.password, '10.1.0.9', 'ar');
    expect(arabic.json().message).toContain('محاولات دخول فاشلة كثيرة');
  });

  it('lets the account in again once the window has passed', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    for (let i = 0; i < 3; i++) await login(user.email, 'wrong-pass-1', '10.2.0.1');
    expect((await login(user.email, user.password, '10.2.0.2')).statusCode).toBe(429);
    await t.db
      .updateTable('login_failures')
      .set({
        window_started_at: sql`now() - interval '16 minutes'`,
        last_failure_at: sql`now() - interval '16 minutes'`,
      })
      .execute();
    expect((await login(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('keeps an address locked for a whole window after the failure that reached the limit', async () => {
    // The first failures were long ago (14 minutes), the last one just now: the lock lasts 15 more minutes.
    for (let i = 0; i < 5; i++) await login(`far${i}@example.test`, 'wrong-pass-1', '10.5.0.1');
    await t.db
      .updateTable('login_failures')
      .set({
        window_started_at: sql`now() - interval '14 minutes'`,
        last_failure_at: sql`now() - interval '14 minutes'`,
      })
      .where('key', '=', 'address:10.5.0.1')
      .execute();
    await login('far5@example.test', 'wrong-pass-1', '10.5.0.1'); // the sixth failure reaches the limit
    const user = await buildUser(t.db, { role: ROLES.author });
    const locked = await login(user.email, user.password, '10.5.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    await t.db
      .updateTable('login_failures')
      .set({ window_started_at: sql`now() - interval '16 minutes'` })
      .where('key', '=', 'address:10.5.0.1')
      .execute();
    expect((await login(user.email, user.password, '10.5.0.1')).statusCode).toBe(429);
  });

  it('locks an address that tries many accounts', async () => {
    for (let i = 0; i < 6; i++) await login(`nobody${i}@example.test`, 'wrong-pass-1', '10.3.0.1');
    const user = await buildUser(t.db, { role: ROLES.author });
    expect((await login(user.email, user.password, '10.3.0.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('clears the account count after a successful sign-in', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    for (let i = 0; i < 2; i++) await login(user.email, 'wrong-pass-1', '10.4.0.1');
    expect((await login(user.email, user.password, '10.4.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await login(user.email, 'wrong-pass-1', '10.4.0.1');
    expect((await login(user.email, user.password, '10.4.0.1')).statusCode).toBe(200);
  });
});
