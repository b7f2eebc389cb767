import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<Record<string, unknown>, string, string>;

/** This tool's signing key pair (JWK), published by its kid at /api/lti/jwks. */
export interface LtiToolKeysTable {
  kid: string;
  private_jwk: Json;
  public_jwk: Json;
  created_at: CreatedAt;
}

/** An LTI launch under way: the login's state (by its SHA-256) and nonce, then the verified claims for a minute. */
export interface LtiLaunchesTable {
  state_hash: string;
  platform_id: number;
  nonce: string;
  token_hash: string | null;
  claims: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  expires_at: Timestamp;
}

/** A teacher's deep linking request, waiting (half an hour at most) for the exam they choose. */
export interface LtiDeepLinkRequestsTable {
  token_hash: string;
  platform_id: number;
  request: Json;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** A teacher's launch waiting (ten minutes at most) for them to sign in and link their platform identity. */
export interface LtiAccountLinksTable {
  token_hash: string;
  platform_id: number;
  subject: string;
  exam_id: number | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** A person a platform's subject is linked to. */
export interface LtiIdentitiesTable {
  id: ColumnType<number, never, never>;
  platform_id: number;
  subject: string;
  user_id: number;
  created_at: CreatedAt;
  last_launch_at: Timestamp | null;
}

/** A platform's resource link (an activity in a course), to an exam, with its AGS line item. */
export interface LtiLinksTable {
  id: ColumnType<number, never, never>;
  platform_id: number;
  deployment_id: string;
  resource_link_id: string;
  exam_id: number;
  lineitem_url: string | null;
  /** The course's membership list (NRPS 2.0), and when it is next read. */
  memberships_url: ColumnType<string | null, string | null | undefined, string | null>;
  roster_due_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Who launched a link (the assignment it opened), and the score last sent to its line item. */
export interface LtiLinkMembersTable {
  link_id: number;
  subject: string;
  student_exam_id: number;
  sent_attempt_id: number | null;
  sent_score: ColumnType<string | null, number | null | undefined, number | null>;
  sent_at: Timestamp | null;
  failures: ColumnType<number, number | undefined, number>;
  retry_after: Timestamp | null;
}

export interface LtiTables {
  lti_tool_keys: LtiToolKeysTable;
  lti_launches: LtiLaunchesTable;
  lti_deep_link_requests: LtiDeepLinkRequestsTable;
  lti_account_links: LtiAccountLinksTable;
  lti_identities: LtiIdentitiesTable;
  lti_links: LtiLinksTable;
  lti_link_members: LtiLinkMembersTable;
}
