import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/database';

/** Tables whose rows change as a side effect of any request (sign-ins, session touches), not of the data sent. */
const VOLATILE = new Set(['sessions', 'rate_limits', 'login_devices', 'kysely_migration', 'kysely_migration_lock']);

/** One hash per table of the whole public schema: equal fingerprints mean nothing was written. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const wanted = tables.map((t) => t.name).filter((name) => !VOLATILE.has(name));
  const columns = wanted.map(
    (name) =>
      sql`(select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${sql.table(name)} r) as ${sql.ref(name)}`,
  );
  const { rows } = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db);
  return rows[0];
}

/** The tables whose hash differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

/**
 * The next transaction id the database will hand out: it moves whenever anything writes (or
 * starts writing and rolls back), and reads leave it alone. A cheap "did anything write?" probe.
 */
export async function writeMark(db: Db): Promise<string> {
  const { rows } = await sql<{ mark: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`.execute(
    db,
  );
  return rows[0].mark;
}
