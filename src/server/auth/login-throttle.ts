import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { forget, giveBack, peek, secondsUntil, takeHit } from '../http/rate-limits';
import { inSchoolNetwork } from './school-networks';

export interface ThrottlePolicy {
  /**
   * Failures of one account from one address (or one known browser) before each further try must
   * wait; also how many of one address's failures per window count on the account's ceiling.
   */
  failuresBeforeDelay: number;
  /** The first wait, in seconds; each further failure doubles it, up to the window. */
  firstDelaySeconds: number;
  /** Failures per account within the window from browsers the account has not signed in from. */
  perAccount: number;
  /**
   * Failures per address within the window (every account), known browsers aside; past it the
   * address gets one try per account per window. Not held in `schoolNetworks`.
   */
  perAddress: number;
  windowMinutes: number;
  /** The schools' addresses and ranges (SCHOOL_NETWORKS, school-networks.ts): no address ceiling there. */
  schoolNetworks?: readonly string[];
}

/**
 * Whom a sign-in attempt is at, for its counts: the account when the typed name is its e-mail or its
 * username (one budget, whichever is typed), else the typed name (trimmed, lower case), counted
 * exactly as an account is, so that the counts do not tell an unknown name from an account.
 */
export function attemptTarget(userId: number | null, typed: string): string {
  return userId === null ? `name:${typed.trim().toLowerCase()}` : `user:${userId}`;
}

const accountKey = (target: string) => `login:account:${target}`;
/** One address's share of an account's ceiling. */
const shareKey = (target: string, ip: string) => `login:share:${target}|${ip}`;
const addressKey = (ip: string) => `login:address:${ip}`;
const sprayKey = (ip: string) => `login:spray:${ip}`;
/**
 * Outside school networks an address past this many times `perAddress` failures in the window is
 * refused at every account it tries (a spray over thousands of student numbers); a school's own
 * addresses, named in SCHOOL_NETWORKS, never are.
 */
export const SPRAY_CEILING_FACTOR = 5;
const pairKey = (target: string, ip: string) => `login:pair:${target}|${ip}`;
const browserKey = (target: string, browser: string) => `login:browser:${target}|${browser}`;

/** What one sign-in attempt holds until it is known to have failed (kept) or succeeded (given back). */
export interface Reservation {
  /** Hits taken on the address, share and account windows. */
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
 * window); a pair left alone for a day starts again, and a successful sign-in resets it. While the
 * address is past its ceiling (`addressWait`: the seconds until its window ends), a pair that was
 * tried within the window is refused as well. One atomic upsert, so parallel attempts are reserved
 * one after the other and a burst gets no more tries than a sequence.
 */
async function reservePair(
  db: Db,
  key: string,
  policy: ThrottlePolicy,
  addressWait: number | null,
): Promise<number | null> {
  const window = policy.windowMinutes * 60;
  // Forgotten only after a day without tries once the last wait is over: waiting out the longest
  // wait does not start the count again, so steady guessing gets one try per window.
  const stale = sql<boolean>`greatest(r.last_hit_at, r.blocked_until) <= now() - interval '1 day'`;
  const next = sql<number>`(case when ${stale} then 1 else r.hits + 1 end)`;
  const waitAfter = (hits: ReturnType<typeof sql>) =>
    sql`case when ${hits} >= ${policy.failuresBeforeDelay}
      then now() + make_interval(secs => least(${window}::float8,
        ${policy.firstDelaySeconds}::float8 * power(2, ${hits} - ${policy.failuresBeforeDelay})))
      else null end`;
  const heldByAddress =
    addressWait === null ? sql<boolean>`false` : sql<boolean>`r.last_hit_at > now() - make_interval(secs => ${window})`;
  const { rows } = await sql<{ hits: number }>`
    insert into rate_limits as r (key, hits, window_started_at, last_hit_at, blocked_until)
    values (${key}, 1, now(), now(), ${waitAfter(sql`1`)})
    on conflict (key) do update set
      hits = ${next},
      window_started_at = case when ${stale} then now() else r.window_started_at end,
      last_hit_at = now(),
      blocked_until = ${waitAfter(next)}
    where (${stale} or r.blocked_until is null or r.blocked_until <= now()) and not ${heldByAddress}
    returning r.hits`.execute(db);
  if (rows.length > 0) return null;
  const pairWait = await secondsUntil(db, key, sql`coalesce(blocked_until, now())`);
  return Math.max(pairWait, addressWait ?? 0);
}

/**
 * Reserves a sign-in attempt before the password is checked (SPEC section 8; issues 23 and 39), so
 * that concurrency cannot exceed any limit. `target` is `attemptTarget(...)`. An attempt from a
 * browser that has signed in to this account before (`knownBrowser`, the hash of its device cookie)
 * is throttled per account and browser only. Any other is held:
 * - by the address ceiling, outside school networks: past `perAddress` failures in the window the
 *   address gets one try per account, so an account that failed from there waits for the window's
 *   end while one that did not (a pupil behind the same school address) is still checked; past
 *   `SPRAY_CEILING_FACTOR` times as many it gets none (a spray over many accounts);
 * - by the account ceiling, to which each address adds at most `failuresBeforeDelay` failures per
 *   window, so that it takes failures from several addresses (5 by default), not one pupil's two;
 * - by the pair of account and address, slowed down and never locked.
 * A refusal is 429 with `Retry-After`, and gives back what it had taken.
 */
export async function reserveAttempt(
  db: Db,
  policy: ThrottlePolicy,
  attempt: { target: string; ip: string; knownBrowser: string | null },
): Promise<Reservation> {
  if (attempt.knownBrowser) {
    const pair = browserKey(attempt.target, attempt.knownBrowser);
    const wait = await reservePair(db, pair, policy, null);
    if (wait !== null) throw tooMany(wait);
    return { taken: [], pair };
  }
  const seconds = policy.windowMinutes * 60;
  const taken: string[] = [];
  const refuse = async (wait: number) => {
    await Promise.all(taken.map((key) => giveBack(db, key)));
    return tooMany(wait);
  };
  let addressWait: number | null = null;
  if (!inSchoolNetwork(policy.schoolNetworks, attempt.ip)) {
    const spray = { limit: policy.perAddress * SPRAY_CEILING_FACTOR, seconds };
    const sprayed = await takeHit(db, sprayKey(attempt.ip), spray);
    if (!sprayed.ok) throw await refuse(sprayed.retryAfterSeconds);
    taken.push(sprayKey(attempt.ip));
    const hit = await takeHit(db, addressKey(attempt.ip), { limit: policy.perAddress, seconds });
    if (hit.ok) taken.push(addressKey(attempt.ip));
    else addressWait = hit.retryAfterSeconds; // the pair decides, atomically, whether it was tried lately
  }
  const account = { key: accountKey(attempt.target), window: { limit: policy.perAccount, seconds } };
  const share = shareKey(attempt.target, attempt.ip);
  if ((await takeHit(db, share, { limit: policy.failuresBeforeDelay, seconds })).ok) {
    taken.push(share);
    const hit = await takeHit(db, account.key, account.window);
    if (!hit.ok) throw await refuse(hit.retryAfterSeconds);
    taken.push(account.key);
  } else {
    // Past its share the address no longer adds to the ceiling (its pair slows it), but is held by it.
    const full = await peek(db, account.key, account.window);
    if (!full.ok) throw await refuse(full.retryAfterSeconds);
  }
  const pair = pairKey(attempt.target, attempt.ip);
  const wait = await reservePair(db, pair, policy, addressWait);
  if (wait !== null) throw await refuse(wait);
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
