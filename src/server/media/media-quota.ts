import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

/** A reservation left behind (a process that died mid-upload) stops counting after this. */
const RESERVATION_MINUTES = 15;
/** Names this lock among the application's advisory locks; the second key is the user. */
const QUOTA_LOCK = 0x6d656469; // "medi"

/**
 * Each user may upload at most `quotaMb` megabytes in any 24 hours (MEDIA_DAILY_QUOTA_MB), so one
 * account cannot fill the disk. An upload reserves its bytes before it stores any: under a lock
 * per user (a transaction-scoped advisory lock, held by one server process at a time on
 * PostgreSQL; PGlite runs one transaction at a time), what the last day's uploads and the
 * reservations under way hold is added up and the reservation written, so concurrent uploads
 * cannot all pass. Past the quota: 429 with the quota in the message, and nothing reserved.
 */
export async function reserveQuota(db: Db, userId: number, bytes: number, quotaMb: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${userId})`.execute(trx);
    const { rows } = await sql<{ used: string | number }>`
      select
        (select coalesce(sum(size), 0) from media
          where owner_id = ${userId} and created_at > now() - interval '1 day')
        + (select coalesce(sum(bytes), 0) from media_upload_reservations
          where user_id = ${userId} and expires_at > now())
        as used`.execute(trx);
    if (Number(rows[0]!.used) + bytes > quotaMb * 1024 * 1024)
      throw new AppError(429, 'media.quota_exceeded', { megabytes: quotaMb });
    const reservation = await trx
      .insertInto('media_upload_reservations')
      .values({
        user_id: userId,
        bytes,
        expires_at: sql<Date>`now() + make_interval(mins => ${RESERVATION_MINUTES})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reservation.id;
  });
}

/** Gives a reservation's bytes back (the upload was stored, which counts instead, or refused). */
export async function releaseQuota(db: Db, reservationId: number): Promise<void> {
  await db.deleteFrom('media_upload_reservations').where('id', '=', reservationId).execute();
}
