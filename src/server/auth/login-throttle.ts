import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { forget, giveBack, secondsUntil, takeHit } from '../http/rate-limits';

export interface ThrottlePolicy {
  /** Failures of one account from one address (or one known browser) before each further try must wait. */
  failuresBeforeDelay: number;
  /** The first wait, in seconds; each further failure doubles it, up to the window. */
  firstDelaySeconds: number;
  /** Failures per account within the window from browsers the account has not signed in from. */
  perAccount: number;
  /** Failures per address within the window (every account), known browsers aside. */
  perAddress: number;
  windowMinutes: number;
}

const normalized = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `login:account:${normalized(email)}`;
const addressKey = (ip: string) => `login:address:${ip}`;
const pairKey = (email: string, ip: string) => `login:pair:${normalized(email)}|${ip}`;
const browserKey = (email: string, browser: string) => `login:browser:${normalized(email)}|${browser}`;

/** What one sign-in attempt holds until it is known to have failed (kept) or succeeded (given back). */
export interface Reservation {
  /** Hits taken on the address and account windows. */
  taken: string[];
  /** The pair's (account and address, or account and known browser) key. */
  pair: string;
}

function tooMany(seconds: number): AppError {
  const headers = { 'retry-after': String(seconds) };
  return seconds < 60
    ? new AppError(429, 'errors.login_wait_seconds', { seconds }, undefined, headers)
    : new AppError(429, 'errors.too_many_logins', { minutes: Math.ceil(seconds / 60) }, undefined, headers);
}

/**
 * Reserves one attempt for the pair: refused while the pair must wait. Past `failuresBeforeDelay`
 * failures each reserved attempt sets the wait before the next (the first delay, doubling up to the
 * window); a pair left alone for a day starts again, and a successful sign-in resets it. One atomic
 * upsert, so parallel attempts are reserved one after the other and a burst gets no more tries than
 * a sequence.
 */
async function reservePair(db: Db, key: string, policy: ThrottlePolicy): Promise<number | null> {
  // Forgotten only after a day without tries once the last wait is over: waiting out the longest
  // wait does not start the count again, so steady guessing gets one try per window.
  const stale = sql<boolean>`greatest(r.last_hit_at, r.blocked_until) <= now() - interval '1 day'`;
  const next = sql<number>`(case when ${stale} then 1 else r.hits + 1 end)`;
  const waitAfter = (hits: ReturnType<typeof sql>) =>
    sql`case when ${hits} >= ${policy.failuresBeforeDelay}
      then now() + make_interval(secs => least(${policy.windowMinutes * 60}::float8,
        ${policy.firstDelaySeconds}::float8 * power(2, ${hits} - ${policy.failuresBeforeDelay})))
      else null end`;
  const { rows } = await sql<{ hits: number }>`
    insert into rate_limits as r (key, hits, window_started_at, last_hit_at, blocked_until)
    values (${key}, 1, now(), now(), ${waitAfter(sql`1`)})
    on conflict (key) do update set
      hits = ${next},
      window_started_at = case when ${stale} then now() else r.window_started_at end,
      last_hit_at = now(),
      blocked_until = ${waitAfter(next)}
    where ${stale} or r.blocked_until is null or r.blocked_until <= now()
    returning r.hits`.execute(db);
  return rows.length > 0 ? null : secondsUntil(db, key, sql`blocked_until`);
}

/**
 * Reserves a sign-in attempt before the password is checked (SPEC section 8; issue 23), so that
 * concurrency cannot exceed any limit. An attempt from a browser that has signed in to this account
 * before (`knownBrowser`, the hash of its device cookie) is throttled per account and browser only;
 * any other is counted on its address, on the account, and per account and address. A refusal is
 * 429 with `Retry-After`, and gives back what it had taken.
 */
export async function reserveAttempt(
  db: Db,
  policy: ThrottlePolicy,
  attempt: { email: string; ip: string; knownBrowser: string | null },
): Promise<Reservation> {
  const windowSeconds = policy.windowMinutes * 60;
  const taken: string[] = [];
  const release = () => Promise.all(taken.map((key) => giveBack(db, key)));
  if (!attempt.knownBrowser) {
    for (const [key, limit] of [
      [addressKey(attempt.ip), policy.perAddress],
      [accountKey(attempt.email), policy.perAccount],
    ] as const) {
      const hit = await takeHit(db, key, { limit, seconds: windowSeconds });
      if (!hit.ok) {
        await release();
        throw tooMany(hit.retryAfterSeconds);
      }
      taken.push(key);
    }
  }
  const pair = attempt.knownBrowser
    ? browserKey(attempt.email, attempt.knownBrowser)
    : pairKey(attempt.email, attempt.ip);
  const wait = await reservePair(db, pair, policy);
  if (wait !== null) {
    await release();
    throw tooMany(wait);
  }
  return { taken, pair };
}

/**
 * A successful sign-in: the pair starts again, and the address and account get back the hits this
 * attempt took (only failures count against them). A failed attempt keeps its reservation.
 */
export async function attemptSucceeded(db: Db, reservation: Reservation): Promise<void> {
  await forget(db, reservation.pair);
  for (const key of reservation.taken) await giveBack(db, key);
}
