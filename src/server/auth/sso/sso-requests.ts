import { randomBytes } from 'node:crypto';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Db } from '../../db/database';
import { hashToken } from '../sessions';

/** How long a sign-in may spend at the provider. */
const REQUEST_MINUTES = 10;
/** How long a checked SAML answer waits for its browser (one redirect away). */
const ANSWER_SECONDS = 60;

const expiresIn = (ms: number) => new Date(Date.now() + ms);

async function dropExpired(db: Db) {
  await db.deleteFrom('sso_requests').where('expires_at', '<=', new Date()).execute();
  await db.deleteFrom('sso_answers').where('expires_at', '<=', new Date()).execute();
}

/** Keeps an OpenID Connect sign-in under way by the SHA-256 of its state (what the browser brings back). */
export async function keepRequest(
  db: Db,
  providerId: number,
  secrets: { state: string; nonce: string; codeVerifier: string },
): Promise<void> {
  await dropExpired(db);
  await db
    .insertInto('sso_requests')
    .values({
      state_hash: hashToken(secrets.state),
      provider_id: providerId,
      code_verifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      expires_at: expiresIn(REQUEST_MINUTES * 60_000),
    })
    .execute();
}

/** Takes an OpenID Connect sign-in back, once: a state is never answered twice (a replayed callback finds nothing). */
export async function takeRequest(db: Db, providerId: number, state: string) {
  const row = await db
    .deleteFrom('sso_requests')
    .where('state_hash', '=', hashToken(state))
    .where('provider_id', '=', providerId)
    .returning(['code_verifier', 'nonce', 'expires_at'])
    .executeTakeFirst();
  if (!row || !row.code_verifier || !row.nonce || new Date(row.expires_at).getTime() <= Date.now()) return null;
  return { state, nonce: row.nonce, codeVerifier: row.code_verifier };
}

/** A SAML request cache for one sign-in or one answer, with the state of the request it took back. */
export interface SamlRequestCache extends CacheProvider {
  /** The SHA-256 of the state of the request the answer named (set once the library took it). */
  takenStateHash(): string | null;
}

/**
 * The request IDs node-saml checks an answer's InResponseTo against, kept in the database (both
 * servers behind the balancer see them) beside the state of the browser that started: saved when
 * the request is made, found while the answer is checked, removed once it passed. An answer to no
 * request of ours (unsolicited, or replayed) is refused.
 */
export function samlRequestCache(db: Db, providerId: number, state?: string): SamlRequestCache {
  let taken: string | null = null;
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem> {
      if (!state) throw new Error('A SAML request is saved only when a sign-in starts');
      await dropExpired(db);
      await db
        .insertInto('sso_requests')
        .values({
          state_hash: hashToken(state),
          provider_id: providerId,
          request_id: key,
          expires_at: expiresIn(REQUEST_MINUTES * 60_000),
        })
        .execute();
      return { value, createdAt: Date.now() };
    },
    /** The instant the request was made (the library checks its age too), or null when it is not ours or too old. */
    async getAsync(key: string) {
      const row = await db
        .selectFrom('sso_requests')
        .select('expires_at')
        .where('request_id', '=', key)
        .where('provider_id', '=', providerId)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row ? new Date(new Date(row.expires_at).getTime() - REQUEST_MINUTES * 60_000).toISOString() : null;
    },
    async removeAsync(key: string | null) {
      if (!key) return null;
      const row = await db
        .deleteFrom('sso_requests')
        .where('request_id', '=', key)
        .where('provider_id', '=', providerId)
        .returning('state_hash')
        .executeTakeFirst();
      // Two posts of one answer at once: only the one whose delete found the row goes on.
      if (row && taken === null) taken = row.state_hash;
      return row ? key : null;
    },
    takenStateHash: () => taken,
  };
}

/** Keeps a checked SAML answer for the browser whose state it carries; returns the one-time token to fetch it. */
export async function keepAnswer(
  db: Db,
  providerId: number,
  stateHash: string,
  claims: Record<string, unknown>,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sso_answers')
    .values({
      token_hash: hashToken(token),
      provider_id: providerId,
      state_hash: stateHash,
      claims: JSON.stringify(claims),
      expires_at: expiresIn(ANSWER_SECONDS * 1000),
    })
    .execute();
  return token;
}

/** Takes a checked SAML answer, once, for the browser holding its state; null when gone, late or someone else's. */
export async function takeAnswer(db: Db, providerId: number, token: string, state: string | undefined) {
  const row = await db
    .deleteFrom('sso_answers')
    .where('token_hash', '=', hashToken(token))
    .where('provider_id', '=', providerId)
    .returning(['state_hash', 'claims', 'expires_at'])
    .executeTakeFirst();
  if (!row) return { refusal: 'expired' as const };
  if (new Date(row.expires_at).getTime() <= Date.now()) return { refusal: 'expired' as const };
  if (!state || hashToken(state) !== row.state_hash) return { refusal: 'failed' as const };
  return { claims: row.claims };
}
