import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLES } from '../../src/common/permissions';
import { buildUser } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Sign-in throttling (issues 23 and 39): attempts are reserved before the password is checked, per
 * account and address pair (slowed down, never locked), per address and per account (ceilings), and
 * a browser that signed in to an account before is throttled on its own. The first wait is a minute
 * here so that a burst cannot outlast it. What a pupil could do to a school with the limits is in
 * login-school.test.ts.
 */
const POLICY = { failuresBeforeDelay: 3, firstDelaySeconds: 60, perAccount: 6, perAddress: 10, windowMinutes: 15 };
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: POLICY });
});
afterAll(() => t.close());

let net = 0;
/** A fresh address for each test, so that tests do not share address counts. */
const address = () => `10.${++net}.0.1`;
const addresses = (count: number) => Array.from({ length: count }, (_, i) => `10.${++net}.${i}.1`);

const login = (email: string, password: string, ip: string, options: { device?: string; lang?: 'en' | 'ar' } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': options.lang ?? 'en',
      ...(options.device ? { cookie: `ltm_device=${options.device}` } : {}),
    },
    payload: { email, password },
  });

const deviceOf = (response: Awaited<ReturnType<typeof login>>) => {
  const cookie = response.cookies.find((c) => c.name === 'ltm_device');
  if (!cookie) throw new Error(`no device cookie (${response.statusCode})`);
  return cookie.value;
};

/** Moves the throttle of every key of the account `userId` `minutes` into the past. */
async function age(userId: number, minutes: number) {
  const back = sql<Date>`make_interval(mins => ${minutes})`;
  await t.db
    .updateTable('rate_limits')
    .set({
      window_started_at: sql`window_started_at - ${back}`,
      last_hit_at: sql`last_hit_at - ${back}`,
      blocked_until: sql`blocked_until - ${back}`,
    })
    .where((eb) => eb.or([eb('key', 'like', `%:user:${userId}|%`), eb('key', 'like', `%:user:${userId}`)]))
    .execute();
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>(
    (tally, r) => ({ ...tally, [r.statusCode]: (tally[r.statusCode] ?? 0) + 1 }),
    {},
  );

describe('slowing down an account and address pair', () => {
  it('makes each try wait after a few failures, the wait doubling, without locking the account', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-pass-1', ip)).statusCode).toBe(401);
    const waiting = await login(user.email, user.password, ip);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(waiting.json().message).toBe('Too many failed sign-in attempts. Please wait 1 minutes and try again.');
    expect((await login(user.email, user.password, ip, { lang: 'ar' })).json().message).toContain(
      'محاولات دخول فاشلة كثيرة',
    );
    // Once the wait is over, a try is checked again; another failure doubles the wait.
    await age(user.id, 1);
    expect((await login(user.email, 'wrong-pass-1', ip)).statusCode).toBe(401);
    const longer = await login(user.email, user.password, ip);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(110);
    await age(user.id, 2);
    const signedIn = await login(user.email, user.password, ip);
    expect(signedIn.statusCode).toBe(200);
    // From now on this browser is the account's own: its pair starts afresh.
    const device = deviceOf(signedIn);
    for (let i = 0; i < 2; i++) expect((await login(user.email, 'wrong-pass-1', ip, { device })).statusCode).toBe(401);
    expect((await login(user.email, user.password, ip, { device })).statusCode).toBe(200);
  });

  it('does not start counting again when a wait is sat out, only after a day left alone', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const ip = address();
    for (let i = 0; i < 3; i++) await login(user.email, 'wrong-pass-1', ip);
    await age(user.id, 16); // past the wait and a whole window: still remembered
    expect((await login(user.email, 'wrong-pass-1', ip)).statusCode).toBe(401);
    expect((await login(user.email, 'wrong-pass-1', ip)).statusCode).toBe(429);
    await age(user.id, 24 * 60 + 5);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-pass-1', ip)).statusCode).toBe(401);
  });

  it('lets the owner in from another address while an attacker hammers the account from one', async () => {
    const owner = await buildUser(t.db, { role: ROLES.admin });
    const attacker = address();
    const tries = [];
    for (let i = 0; i < 30; i++) tries.push(await login(owner.email, `guess-${i}-pass`, attacker));
    expect(statuses(tries)).toEqual({ 401: 3, 429: 27 });
    expect((await login(owner.email, owner.password, address())).statusCode).toBe(200);
  });

  it('says how many seconds to wait when the wait is under a minute', async () => {
    const quick = await createTestApp({ loginThrottle: { ...POLICY, firstDelaySeconds: 20 } });
    try {
      const user = await buildUser(quick.db, { role: ROLES.author });
      const send = (lang: 'en' | 'ar') =>
        quick.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.250.0.1',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'accept-language': lang },
          payload: { email: user.email, password: 'wrong-pass-1' },
        });
      for (let i = 0; i < 3; i++) await send('en');
      const en = await send('en');
      expect(en.statusCode).toBe(429);
      expect(en.json().message).toMatch(
        /^Too many failed sign-in attempts\. Please wait (1\d|20) seconds and try again\.$/,
      );
      expect((await send('ar')).json().message).toMatch(/يرجى الانتظار (1\d|20) ثانية/);
    } finally {
      await quick.close();
    }
  });
});

describe('the account ceiling and the owner’s browser', () => {
  it('stops guesses from many addresses at the ceiling, yet the owner’s known browser signs in from anywhere', async () => {
    const owner = await buildUser(t.db, { role: ROLES.admin });
    const device = deviceOf(await login(owner.email, owner.password, address()));
    for (const ip of addresses(6)) expect((await login(owner.email, 'wrong-pass-1', ip)).statusCode).toBe(401);
    // The ceiling: even the right password from a browser the account does not know waits.
    const stranger = await login(owner.email, owner.password, address());
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(13 * 60);
    // The owner's browser, from a new address (a hotel, a phone): in at once.
    const own = await login(owner.email, owner.password, address(), { device });
    expect(own.statusCode).toBe(200);
    expect(deviceOf(own)).toBe(device);
    // After the window, anyone may try again.
    await age(owner.id, 16);
    expect((await login(owner.email, owner.password, address())).statusCode).toBe(200);
  });

  it('keeps the owner’s browser usable on the attacker’s own network (one school address)', async () => {
    const owner = await buildUser(t.db, { role: ROLES.admin });
    const school = address();
    const device = deviceOf(await login(owner.email, owner.password, school));
    const tries = [];
    for (let i = 0; i < 25; i++) tries.push(await login(owner.email, `guess-${i}-pass`, school));
    expect(tries.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect((await login(owner.email, owner.password, school)).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, school, { device })).statusCode).toBe(200);
  });

  it('throttles a known browser on its own: its failures slow it down as a pair', async () => {
    const owner = await buildUser(t.db, { role: ROLES.author });
    const device = deviceOf(await login(owner.email, owner.password, address()));
    for (let i = 0; i < 3; i++)
      expect((await login(owner.email, 'wrong-pass-1', address(), { device })).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, address(), { device })).statusCode).toBe(429);
  });

  it('honours a device cookie only for the account that signed in with it; a forged one counts for nothing', async () => {
    const [first, second] = [
      await buildUser(t.db, { role: ROLES.author }),
      await buildUser(t.db, { role: ROLES.author }),
    ];
    const firstDevice = deviceOf(await login(first.email, first.password, address()));
    for (const ip of addresses(6)) await login(second.email, 'wrong-pass-1', ip);
    expect((await login(second.email, second.password, address(), { device: firstDevice })).statusCode).toBe(429);
    const forged = randomBytes(32).toString('base64url');
    expect((await login(second.email, second.password, address(), { device: forged })).statusCode).toBe(429);
    expect((await login(second.email, second.password, address(), { device: 'not a token' })).statusCode).toBe(429);
  });

  it('sends the device cookie to the sign-in route only, HttpOnly and SameSite=Strict', async () => {
    const user = await buildUser(t.db, { role: ROLES.student });
    const response = await login(user.email, user.password, address());
    const cookie = response.cookies.find((c) => c.name === 'ltm_device')!;
    expect(cookie).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
    expect(cookie.maxAge).toBe(90 * 86_400);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('login_devices').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(cookie.value);
  });
});

describe('the address ceiling', () => {
  it('past it, holds the address to one try per account: a name that failed there waits, an account that did not is checked', async () => {
    const ip = address();
    for (let i = 0; i < 10; i++)
      expect((await login(`nobody${i}-${ip}@example.test`, 'wrong-pass-1', ip)).statusCode).toBe(401);
    const again = await login(`nobody0-${ip}@example.test`, 'wrong-pass-1', ip);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(13 * 60);
    // A pupil behind the same address, who has not failed there, is not refused for others' failures.
    const user = await buildUser(t.db, { role: ROLES.author });
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    // A new name is checked once, then waits with the others.
    expect((await login(`fresh-${ip}@example.test`, 'wrong-pass-1', ip)).statusCode).toBe(401);
    expect((await login(`fresh-${ip}@example.test`, 'wrong-pass-1', ip)).statusCode).toBe(429);
    // An account that failed there waits too, even with the right password, until the address's window ends.
    const mistyped = await buildUser(t.db, { role: ROLES.author });
    expect((await login(mistyped.email, 'wrong-pass-1', ip)).statusCode).toBe(401);
    expect((await login(mistyped.email, mistyped.password, ip)).statusCode).toBe(429);
    expect((await login(mistyped.email, mistyped.password, address())).statusCode).toBe(200);
  });

  it('counts failures only: many users signing in correctly from one school address are never refused', async () => {
    const ip = address();
    for (let i = 0; i < 15; i++) {
      const user = await buildUser(t.db, { role: ROLES.student });
      expect((await login(user.email, user.password, ip)).statusCode, String(i)).toBe(200);
    }
  });
});

describe('one budget per account, whatever name it is typed with (issue 39)', () => {
  /** A student with an e-mail as well as a username: either signs in. */
  async function studentWithBoth() {
    const user = await buildUser(t.db, { role: ROLES.student });
    const username = `pupil-${user.id}`;
    await t.db.updateTable('users').set({ username }).where('id', '=', user.id).execute();
    return { ...user, username };
  }

  it('fills one account ceiling from the e-mail and the username together', async () => {
    const user = await studentWithBoth();
    for (const ip of addresses(3)) expect((await login(user.email, 'wrong-pass-1', ip)).statusCode).toBe(401);
    for (const ip of addresses(3))
      expect((await login(user.username.toUpperCase(), 'wrong-pass-1', ip)).statusCode).toBe(401);
    expect((await login(user.email, user.password, address())).statusCode).toBe(429);
    expect((await login(user.username, user.password, address())).statusCode).toBe(429);
  });

  it('slows one pair down from the e-mail and the username together', async () => {
    const user = await studentWithBoth();
    const ip = address();
    expect((await login(user.email, 'wrong-pass-1', ip)).statusCode).toBe(401);
    expect((await login(` ${user.username} `, 'wrong-pass-1', ip)).statusCode).toBe(401);
    expect((await login(user.email.toUpperCase(), 'wrong-pass-1', ip)).statusCode).toBe(401);
    expect((await login(user.username, user.password, ip)).statusCode).toBe(429);
  });

  it('counts a name that is no account by the name as typed (letter case and spaces aside)', async () => {
    const ip = address();
    for (const typed of [`Ghost-${ip}`, ` ghost-${ip} `, `GHOST-${ip}`])
      expect((await login(typed, 'wrong-pass-1', ip)).statusCode).toBe(401);
    expect((await login(`ghost-${ip}`, 'wrong-pass-1', ip)).statusCode).toBe(429);
    const keys = (await t.db.selectFrom('rate_limits').select('key').where('key', 'like', `%ghost-${ip}%`).execute())
      .map((row) => row.key)
      .sort();
    expect(keys).toEqual([
      `login:account:name:ghost-${ip}`,
      `login:pair:name:ghost-${ip}|${ip}`,
      `login:share:name:ghost-${ip}|${ip}`,
    ]);
  });
});

describe('parallel attempts cannot outrun the limits (the attempt is reserved before the password is checked)', () => {
  it('one account from one address: exactly as many checked as the pair allows', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin });
    const ip = address();
    const burst = await Promise.all([
      ...Array.from({ length: 39 }, (_, i) => login(user.email, `guess-${i}-pass`, ip)),
      login(user.email, user.password, ip),
    ]);
    const tally = statuses(burst);
    expect((tally[401] ?? 0) + (tally[200] ?? 0)).toBe(3);
    expect(tally[429]).toBe(37);
  });

  it('one account from many addresses: exactly the account ceiling checked', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin });
    const burst = await Promise.all(addresses(40).map((ip, i) => login(user.email, `guess-${i}-pass`, ip)));
    expect(statuses(burst)).toEqual({ 401: 6, 429: 34 });
  });

  it('stops a spray over many accounts from one address outside the school networks at five times its ceiling', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin });
    const ip = address();
    // 50 failures (5 × perAddress), each at a name of its own: every one is checked.
    const sprayed = [];
    for (let i = 0; i < 50; i++) sprayed.push(await login(`sprayed${i}-${ip}@example.test`, 'wrong-pass-1', ip));
    expect(statuses(sprayed)).toEqual({ 401: 50 });
    // Then nothing more from that address, a correct password at an untried account included.
    expect((await login(`sprayed-next-${ip}@example.test`, 'wrong-pass-1', ip)).statusCode).toBe(429);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
    // From elsewhere, the account signs in.
    expect((await login(user.email, user.password, address())).statusCode).toBe(200);
  });

  it('one address past its ceiling, at one account it has not tried: exactly one try checked', async () => {
    const ip = address();
    for (let i = 0; i < 10; i++) await login(`spray${i}-${ip}@example.test`, 'wrong-pass-1', ip);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(`target-${ip}@example.test`, `guess-${i}-pass`, ip)),
    );
    expect(statuses(burst)).toEqual({ 401: 1, 429: 39 });
  });
});
