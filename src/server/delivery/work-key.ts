import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * The key a student's browser seals their unsent work with (issue 39): 256 random bits per account,
 * made at the first ask and the same ever after, so work left sealed on a closed browser opens
 * again at the student's next sign-in, and for no one else. Base64.
 */
export async function workKeyOf(db: Db, userId: number): Promise<string> {
  await db
    .updateTable('users')
    .set({ work_key: randomBytes(32) })
    .where('id', '=', userId)
    .where('work_key', 'is', null)
    .execute();
  const { work_key } = await db
    .selectFrom('users')
    .select('work_key')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Buffer.from(work_key!).toString('base64');
}
