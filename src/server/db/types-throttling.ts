import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** An allowance taken atomically per key (migration 0016): sign-ins, report requests. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
  last_hit_at: Timestamp;
  blocked_until: Timestamp | null;
}

/** A browser known to an account: it signed in there (the SHA-256 of its `ltm_device` cookie). */
export interface LoginDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface ThrottlingTables {
  rate_limits: RateLimitsTable;
  login_devices: LoginDevicesTable;
}
