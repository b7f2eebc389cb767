import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLES } from '../../src/common/permissions';
import { loadConfig } from '../../src/server/config';
import { buildUser } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * What one pupil can do to their school with the sign-in limits (issue 39), at the shipped limits
 * (5 failures before a pair waits, 25 per account, 20 per address, 15 minutes), with one school
 * network configured (SCHOOL_NETWORKS=10.77.0.0/16): a school's pupils share its address, so the
 * limits must hold the pupil who fails without refusing the others.
 */
const POLICY = { ...loadConfig({}).loginThrottle, schoolNetworks: ['10.77.0.0/16'] };
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: POLICY });
});
afterAll(() => t.close());

let net = 0;
/** A fresh address in the school network. */
const atSchool = () => `10.77.${++net}.1`;
/** A fresh address anywhere else (a home, a phone, a school that is not configured). */
const elsewhere = () => `172.20.${++net}.1`;

const login = (name: string, password: string, ip: string, device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(device ? { cookie: `ltm_device=${device}` } : {}) },
    payload: { email: name, password },
  });

const deviceOf = (response: Awaited<ReturnType<typeof login>>) => {
  const cookie = response.cookies.find((c) => c.name === 'ltm_device');
  if (!cookie) throw new Error(`no device cookie (${response.statusCode})`);
  return cookie.value;
};

/** The guesser sits out every wait (1 s, 2 s, 4 s ...): a few minutes for a dozen tries. */
async function sitOutWaits() {
  await sql`update rate_limits set blocked_until = now() - interval '1 second'
    where key like 'login:%' and blocked_until > now()`.execute(t.db);
}

const pupil = () => buildUser(t.db, { role: ROLES.student });

describe('a pupil guessing from the school address', () => {
  it('with made-up names refuses no other pupil there, however long it goes on (an address not configured)', async () => {
    const school = elsewhere();
    for (let i = 0; i < 20; i++)
      expect((await login(`made-up-${i}-${school}`, 'wrong-pass-1', school)).statusCode, String(i)).toBe(401);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 3; i++) {
        const other = await pupil();
        expect((await login(other.email, other.password, school)).statusCode, `${round}.${i}`).toBe(200);
      }
      for (let i = 0; i < 10; i++) await login(`more-${round}-${i}-${school}`, 'wrong-pass-1', school);
    }
    // The guesser is held all the same: past the ceiling, one try per name per window.
    const again = await login(`made-up-0-${school}`, 'wrong-pass-1', school);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(13 * 60);
  });

  it('from a school network, refuses no correct password for others’ failures, even one a pupil mistyped there', async () => {
    const school = atSchool();
    const [mistyped, fresh] = [await pupil(), await pupil()];
    expect((await login(mistyped.email, 'wrong-pass-1', school)).statusCode).toBe(401);
    for (let i = 0; i < 30; i++) await login(`made-up-${i}-${school}`, 'wrong-pass-1', school);
    expect((await login(mistyped.email, mistyped.password, school)).statusCode).toBe(200);
    expect((await login(fresh.email, fresh.password, school)).statusCode).toBe(200);
  });

  it('outside the school networks, an account that failed at a crowded address waits with the guesser (why SCHOOL_NETWORKS)', async () => {
    const school = elsewhere();
    const mistyped = await pupil();
    expect((await login(mistyped.email, 'wrong-pass-1', school)).statusCode).toBe(401);
    for (let i = 0; i < 20; i++) await login(`made-up-${i}-${school}`, 'wrong-pass-1', school);
    expect((await login(mistyped.email, mistyped.password, school)).statusCode).toBe(429);
    expect((await login(mistyped.email, mistyped.password, elsewhere())).statusCode).toBe(200);
  });

  it('at a classmate, refuses the classmate at that address only when it refuses the guesser too', async () => {
    const school = atSchool();
    const classmate = await pupil();
    for (let i = 0; i < 4; i++) await login(classmate.email, `guess-${i}-pass`, school);
    expect((await login(classmate.email, classmate.password, school)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      await sitOutWaits();
      expect((await login(classmate.email, `guess-${i}-pass`, school)).statusCode).toBe(401);
    }
    expect((await login(classmate.email, 'guess-10-pass', school)).statusCode).toBe(429);
    expect((await login(classmate.email, classmate.password, school)).statusCode).toBe(429);
  });
});

describe('a pupil guessing a classmate’s password from school and from home', () => {
  it('25 failures from two addresses: the classmate signs in on the shared school computer, and from a new browser elsewhere', async () => {
    const [school, home] = [atSchool(), elsewhere()];
    const [other, classmate] = [await pupil(), await pupil()];
    // One browser on a shared school computer, known to both pupils.
    const shared = deviceOf(await login(other.email, other.password, school));
    expect(deviceOf(await login(classmate.email, classmate.password, school, shared))).toBe(shared);
    for (let i = 0; i < 25; i++) {
      await sitOutWaits();
      const ip = i % 2 ? home : school;
      expect((await login(classmate.email, `guess-${i}-pass`, ip)).statusCode, String(i)).toBe(401);
    }
    expect((await login(classmate.email, classmate.password, school, shared)).statusCode).toBe(200);
    expect((await login(other.email, other.password, school, shared)).statusCode).toBe(200);
    // Two addresses add at most 5 failures each to the account's ceiling, which needs five addresses.
    expect((await login(classmate.email, classmate.password, elsewhere())).statusCode).toBe(200);
    // A new browser at the school address is where the guesser is: they wait alike (about 4 minutes here).
    expect((await login(classmate.email, classmate.password, school)).statusCode).toBe(429);
    expect((await login(classmate.email, 'guess-25-pass', school)).statusCode).toBe(429);
  });

  it('from five addresses the account ceiling holds new browsers, and never the classmate’s own', async () => {
    const classmate = await pupil();
    const own = deviceOf(await login(classmate.email, classmate.password, elsewhere()));
    for (let a = 0; a < 5; a++) {
      const ip = elsewhere();
      for (let i = 0; i < 5; i++) expect((await login(classmate.email, `guess-${a}-${i}`, ip)).statusCode).toBe(401);
    }
    expect((await login(classmate.email, classmate.password, elsewhere())).statusCode).toBe(429);
    expect((await login(classmate.email, classmate.password, atSchool(), own)).statusCode).toBe(200);
  });
});
