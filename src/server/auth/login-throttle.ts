import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';

export interface ThrottlePolicy {
  perAccount: number;
  perAddress: number;
  windowMinutes: number;
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Failed sign-ins are counted per account and per address in the database (so several API
 * processes share the count), within a window that starts at the first failure. Once the count
 * reaches the limit, sign-in is refused with 429 for a whole window after the failure that
 * reached it (failures while locked are refused before they are counted).
 */
export async function assertLoginAllowed(db: Db, policy: ThrottlePolicy, email: string, ip: string): Promise<void> {
  const rows = await db
    .selectFrom('login_failures')
    .select(['key', 'failures', 'last_failure_at'])
    .where('key', 'in', [accountKey(email), addressKey(ip)])
    .execute();
  const windowMs = policy.windowMinutes * 60_000;
  for (const row of rows) {
    const limit = row.key.startsWith('account:') ? policy.perAccount : policy.perAddress;
    const endsAt = new Date(row.last_failure_at).getTime() + windowMs;
    if (row.failures >= limit && endsAt > Date.now()) {
      const seconds = Math.ceil((endsAt - Date.now()) / 1000);
      throw new AppError(429, 'errors.too_many_logins', { minutes: Math.ceil(seconds / 60) }, undefined, {
        'retry-after': String(seconds),
      });
    }
  }
}

export async function recordLoginFailure(db: Db, policy: ThrottlePolicy, email: string, ip: string): Promise<void> {
  const windowStart = sql<Date>`now() - make_interval(mins => ${policy.windowMinutes})`;
  for (const key of [accountKey(email), addressKey(ip)]) {
    await sql`
      insert into login_failures (key, failures, window_started_at, last_failure_at) values (${key}, 1, now(), now())
      on conflict (key) do update set
        failures = case when login_failures.window_started_at < ${windowStart} then 1 else login_failures.failures + 1 end,
        window_started_at = case when login_failures.window_started_at < ${windowStart} then now() else login_failures.window_started_at end,
        last_failure_at = now()`.execute(db);
  }
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', accountKey(email)).execute();
}
