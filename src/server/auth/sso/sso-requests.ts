import type { Db } from '../../db/database';
import { hashToken } from '../sessions';

/** How long a sign-in may spend at the provider. */
const REQUEST_MINUTES = 10;

/** Keeps a sign-in under way by the SHA-256 of its state (what the browser brings back). */
export async function keepRequest(
  db: Db,
  providerId: number,
  secrets: { state: string; nonce: string; codeVerifier: string },
): Promise<void> {
  await db.deleteFrom('sso_requests').where('expires_at', '<=', new Date()).execute();
  await db
    .insertInto('sso_requests')
    .values({
      state_hash: hashToken(secrets.state),
      provider_id: providerId,
      code_verifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      expires_at: new Date(Date.now() + REQUEST_MINUTES * 60_000),
    })
    .execute();
}

/** Takes a sign-in back, once: a state is never answered twice (a replayed callback finds nothing). */
export async function takeRequest(db: Db, providerId: number, state: string) {
  const row = await db
    .deleteFrom('sso_requests')
    .where('state_hash', '=', hashToken(state))
    .where('provider_id', '=', providerId)
    .returning(['code_verifier', 'nonce', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  return { state, nonce: row.nonce, codeVerifier: row.code_verifier };
}
