import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Browsers known to an account (OWASP's "device cookies"): a browser that signed in to an account
 * keeps a random `ltm_device` cookie, sent to the sign-in route only. Its attempts at that account
 * are throttled on their own, so failures from elsewhere (an attacker guessing, or locking the
 * account on exam day) never stop the owner signing in from their usual browser.
 */
export const DEVICE_COOKIE = 'ltm_device';
/** How long a browser stays known without signing in again. */
export const DEVICE_DAYS = 90;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The hash of `token` when it names a browser known to `userId`; null otherwise (absent, forged, expired, another account's). */
export async function knownBrowser(db: Db, userId: number | null, token: string | undefined): Promise<string | null> {
  if (!token || !TOKEN.test(token)) return null;
  const hash = hashOf(token);
  const row = await db
    .selectFrom('login_devices')
    .select('token_hash')
    .where('token_hash', '=', hash)
    // Looked up for an unknown email too (no account has id 0), so both take the same time.
    .where('user_id', '=', userId ?? 0)
    .where('last_used_at', '>', sql<Date>`now() - make_interval(days => ${DEVICE_DAYS})`)
    .executeTakeFirst();
  return row ? hash : null;
}

/**
 * Records that the browser holding `token` (a new token when it has none, or a malformed one)
 * signed in to `userId`, and forgets the account's browsers unused for DEVICE_DAYS. Returns the
 * token for the cookie. One browser may be known to several accounts (a shared school computer).
 */
export async function rememberBrowser(db: Db, userId: number, token: string | undefined): Promise<string> {
  const kept = token && TOKEN.test(token) ? token : randomBytes(32).toString('base64url');
  await db
    .insertInto('login_devices')
    .values({ token_hash: hashOf(kept), user_id: userId })
    .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: sql`now()` }))
    .execute();
  await db
    .deleteFrom('login_devices')
    .where('user_id', '=', userId)
    .where('last_used_at', '<', sql<Date>`now() - make_interval(days => ${DEVICE_DAYS})`)
    .execute();
  return kept;
}
