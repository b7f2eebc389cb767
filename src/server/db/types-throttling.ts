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

/** A staff account's one-time recovery code (issue 46): its SHA-256, and when it was spent. */
export interface MfaRecoveryCodesTable {
  id: ColumnType<number, never, never>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A sign-in whose password was right, waiting for its second factor (the SHA-256 of its token). */
export interface MfaChallengesTable {
  id_hash: string;
  user_id: number;
  /** The browser's device cookie, remembered for the account once the code is right. */
  device: string | null;
  failures: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
}

/** An account linked to a single sign-on provider's stable subject (issue 46). */
export interface SsoIdentitiesTable {
  id: ColumnType<number, never, never>;
  provider_id: number;
  subject: string;
  user_id: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_sign_in_at: Timestamp | null;
}

/**
 * A single sign-on under way, for a few minutes, by the SHA-256 of its state: OpenID Connect's PKCE
 * verifier and nonce, or SAML's AuthnRequest ID (what the answer's InResponseTo must name).
 */
export interface SsoRequestsTable {
  state_hash: string;
  provider_id: number;
  code_verifier: string | null;
  nonce: string | null;
  request_id: string | null;
  expires_at: Timestamp;
}

/** A SAML answer checked and waiting, a minute, for the browser whose state it carries. */
export interface SsoAnswersTable {
  token_hash: string;
  provider_id: number;
  state_hash: string;
  claims: ColumnType<Record<string, unknown>, string, never>;
  expires_at: Timestamp;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ThrottlingTables {
  rate_limits: RateLimitsTable;
  login_devices: LoginDevicesTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  sso_identities: SsoIdentitiesTable;
  sso_requests: SsoRequestsTable;
  sso_answers: SsoAnswersTable;
}
