import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/**
 * Each user may upload at most `quotaMb` megabytes in any 24 hours (MEDIA_DAILY_QUOTA_MB), so one
 * account cannot fill the disk. Past it: 429 with the quota in the message.
 */
export async function assertWithinQuota(db: Db, userId: number, incomingBytes: number, quotaMb: number): Promise<void> {
  const { used } = await db
    .selectFrom('media')
    .select(sql<number>`coalesce(sum(size), 0)::bigint`.as('used'))
    .where('owner_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  if (Number(used) + incomingBytes > quotaMb * 1024 * 1024) {
    throw new AppError(429, 'media.quota_exceeded', { megabytes: quotaMb });
  }
}
