import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { hashToken } from '../auth';
import type { DeepLinkRequest, Launch } from './claims';

/** How long a launch may spend at the platform's authentication. */
const LOGIN_MINUTES = 10;
/** How long verified claims wait for their browser (one redirect away). */
const CLAIMS_SECONDS = 60;

/** A login under way: its state (by SHA-256; the browser keeps it in a cookie) and nonce. */
export async function keepLogin(db: Db, platformId: number): Promise<{ state: string; nonce: string }> {
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  await db.deleteFrom('lti_launches').where('expires_at', '<=', new Date()).execute();
  await db
    .insertInto('lti_launches')
    .values({
      state_hash: hashToken(state),
      platform_id: platformId,
      nonce,
      expires_at: new Date(Date.now() + LOGIN_MINUTES * 60_000),
    })
    .execute();
  return { state, nonce };
}

/** The login a launch answers, once (its claims not yet taken), while it is fresh. */
export async function loginFor(db: Db, state: string) {
  const row = await db
    .selectFrom('lti_launches')
    .select(['state_hash', 'platform_id', 'nonce', 'expires_at'])
    .where('state_hash', '=', hashToken(state))
    .where('token_hash', 'is', null)
    .executeTakeFirst();
  return row && new Date(row.expires_at).getTime() > Date.now() ? row : null;
}

/**
 * Keeps what a verified launch says (only what the sign-in needs, not every claim) for the browser
 * holding its state; returns the one-time token that fetches it.
 */
export async function keepClaims(db: Db, stateHash: string, launch: Launch | DeepLinkRequest): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  // Only the first launch of a login keeps claims: a second post of it finds its token taken.
  const kept = await db
    .updateTable('lti_launches')
    .set({
      token_hash: hashToken(token),
      claims: JSON.stringify(launch),
      expires_at: new Date(Date.now() + CLAIMS_SECONDS * 1000),
    })
    .where('state_hash', '=', stateHash)
    .where('token_hash', 'is', null)
    .executeTakeFirst();
  return Number(kept.numUpdatedRows) === 1 ? token : null;
}

/** Takes a launch's claims, once, for the browser holding its state. */
export async function takeClaims(db: Db, token: string, state: string | undefined) {
  const row = await db
    .deleteFrom('lti_launches')
    .where('token_hash', '=', hashToken(token))
    .returning(['state_hash', 'platform_id', 'claims', 'expires_at'])
    .executeTakeFirst();
  if (!row || !row.claims || new Date(row.expires_at).getTime() <= Date.now()) return { refusal: 'expired' as const };
  if (!state || hashToken(state) !== row.state_hash) return { refusal: 'failed' as const };
  return { platformId: row.platform_id, launch: row.claims as unknown as Launch | DeepLinkRequest };
}
