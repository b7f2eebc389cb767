import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { hashToken } from '../sessions';

/** How long a right password waits for its code. */
const CHALLENGE_MINUTES = 5;
/** Wrong codes one challenge takes before the password must be given again. */
export const CHALLENGE_FAILURES = 5;

/** A right password of an account with a second factor: a token the code is sent with. */
export async function createChallenge(db: Db, userId: number, device: string | undefined): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('mfa_challenges').where('user_id', '=', userId).where('expires_at', '<=', new Date()).execute();
  await db
    .insertInto('mfa_challenges')
    .values({
      id_hash: hashToken(token),
      user_id: userId,
      device: device?.slice(0, 200) ?? null,
      expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    })
    .execute();
  return token;
}

/** The challenge a token names, while it lasts. */
export async function findChallenge(db: Db, token: string) {
  return db
    .selectFrom('mfa_challenges')
    .select(['id_hash', 'user_id', 'device'])
    .where('id_hash', '=', hashToken(token))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** A wrong code: counted, and the challenge ends at the last one allowed. */
export async function failChallenge(db: Db, idHash: string): Promise<void> {
  await sql`update mfa_challenges set failures = failures + 1 where id_hash = ${idHash}`.execute(db);
  await db
    .deleteFrom('mfa_challenges')
    .where('id_hash', '=', idHash)
    .where('failures', '>=', CHALLENGE_FAILURES)
    .execute();
}

/** A challenge answered: gone, so that it cannot start a second session. True when this call ended it. */
export async function endChallenge(db: Db, idHash: string): Promise<boolean> {
  const result = await db.deleteFrom('mfa_challenges').where('id_hash', '=', idHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
