import type { Db } from './database';

/**
 * Where heavy reads go (web reports, item analysis, report data): the primary, or a streaming
 * replica of it when DATABASE_REPLICA_URL is set. Writes, and reads that must see their own writes,
 * always use `app.db`.
 */
export interface ReportReads {
  /** A database that has everything committed on the primary before this call began. */
  db(): Promise<Db>;
  close(): Promise<void>;
}

/** No replica: every read goes to the primary. */
export function primaryReads(primary: Db): ReportReads {
  return { db: async () => primary, close: async () => undefined };
}
