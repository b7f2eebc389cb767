import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined, string>;

/** Consequential actions, append-only (migration 0017; the database refuses update and delete). */
export interface AuditLogTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | string | undefined, never>;
  actor_id: number | null;
  address: string | null;
  action: string;
  target: string;
  summary: Json;
  reason: string | null;
  request_id: string | null;
  /** The school the action concerns, when it concerns one. */
  school_id: number | null;
  /** The first part of `target` (`exams` of `exams/12`), derived by the database. */
  target_type: ColumnType<string, never, never>;
  /** The actor's name and e-mail (or username) as they were, filled by the database (migration 0024). */
  actor_name: ColumnType<string | null, never, never>;
  actor_email: ColumnType<string | null, never, never>;
}

/** Bytes an upload under way holds against its owner's daily quota (migration 0017). */
export interface MediaUploadReservationsTable {
  id: Generated<number>;
  user_id: number;
  bytes: ColumnType<string, number, number>;
  expires_at: Timestamp;
}

export interface AuditTables {
  audit_log: AuditLogTable;
  media_upload_reservations: MediaUploadReservationsTable;
}
