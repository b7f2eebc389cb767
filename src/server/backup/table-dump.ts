import fs from 'node:fs';
import readline from 'node:readline';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * The database's part of a backup (issue 45), the same on PGlite and PostgreSQL: every table of the
 * application as JSON lines, read through a cursor inside one repeatable-read snapshot (a backup
 * taken while students save holds every answer committed before it began, and none half-written);
 * and the same lines loaded back into a database of the same migration.
 */

/** Rows fetched from the cursor, and inserted, at a time. */
const BATCH = 2000;

/** The application's tables: the public schema's, but the migrator's own. */
export async function appTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
    order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

/** A table's columns that take a value (not generated from others), in order. */
async function storedColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows.map((row) => row.name);
}

const columnList = (columns: string[]) =>
  sql.join(
    columns.map((column) => sql.ref(column)),
    sql`, `,
  );

/** Writes a chunk, waiting while the file's buffer is full. */
const writeChunk = (out: fs.WriteStream, chunk: string) =>
  new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));

/**
 * Writes every table's rows to `fileOf(table)`, one JSON object per line, inside one read-only
 * repeatable-read transaction; the rows per table.
 */
export async function dumpTables(
  db: Db,
  fileOf: (table: string) => string,
): Promise<{ tables: Record<string, number>; sequences: Record<string, string> }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const counts: Record<string, number> = {};
      for (const table of await appTables(trx)) {
        const columns = await storedColumns(trx, table);
        const out = fs.createWriteStream(fileOf(table));
        try {
          await sql`declare backup_rows no scroll cursor for
            select row_to_json(t)::text as r from (select ${columnList(columns)} from ${sql.table(table)}) t`.execute(
            trx,
          );
          let count = 0;
          for (;;) {
            const { rows } = await sql<{ r: string }>`fetch ${sql.raw(String(BATCH))} from backup_rows`.execute(trx);
            if (rows.length === 0) break;
            count += rows.length;
            await writeChunk(out, rows.map((row) => `${row.r}\n`).join(''));
          }
          await sql`close backup_rows`.execute(trx);
          counts[table] = count;
        } finally {
          await new Promise<void>((resolve, reject) =>
            out.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
        }
      }
      // Every sequence's position in the same snapshot (a standalone one too, as students' numbers).
      const { rows } = await sql<{ name: string; last_value: string | null }>`
        select sequencename as name, last_value::text as last_value from pg_sequences
        where schemaname = 'public' and last_value is not null order by sequencename`.execute(trx);
      return { tables: counts, sequences: Object.fromEntries(rows.map((row) => [row.name, String(row.last_value)])) };
    });
}

/**
 * Loads tables written by `dumpTables` into a database of the same migration, in one transaction:
 * what the migrations seeded is emptied first, the rows go in with the foreign keys' triggers off
 * (their order does not matter; the archive was consistent), and every sequence continues after
 * its column's largest value, or where the archive's snapshot had it. Needs a superuser on
 * PostgreSQL (a restore is an administrator's job).
 */
export async function loadTables(
  db: Db,
  expected: { tables: Record<string, number>; sequences?: Record<string, string> },
  fileOf: (table: string) => string,
): Promise<void> {
  const tables = Object.keys(expected.tables);
  return db.transaction().execute(async (trx) => {
    const present = new Set(await appTables(trx));
    const unknown = tables.filter((table) => !present.has(table));
    if (unknown.length > 0) throw new Error(`the archive has tables this migration does not: ${unknown.join(', ')}`);
    // Triggers off (the audit log's append-only guard and its chain among them: its rows and their
    // hashes are copied as they were), then what the migrations seeded emptied.
    await sql`set local session_replication_role = replica`.execute(trx);
    if (present.size > 0)
      await sql`truncate table ${sql.join(
        [...present].map((table) => sql.table(table)),
        sql`, `,
      )} restart identity`.execute(trx);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const columns = await storedColumns(trx, table);
      const insert = (lines: string[]) =>
        sql`insert into ${sql.table(table)} (${columnList(columns)}) overriding system value
          select ${columnList(columns)} from json_populate_recordset(null::${sql.table(table)}, ${`[${lines.join(',')}]`}::json)`.execute(
          trx,
        );
      let batch: string[] = [];
      let count = 0;
      const lines = readline.createInterface({ input: fs.createReadStream(fileOf(table)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line.length === 0) continue;
        batch.push(line);
        if (batch.length >= BATCH) {
          await insert(batch);
          count += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await insert(batch);
      counts[table] = count + batch.length;
    }
    // Counted inside the transaction: a table short of its rows restores nothing.
    for (const [table, count] of Object.entries(expected.tables))
      if (counts[table] !== count) throw new Error(`${table}: ${counts[table]} rows read of ${count}`);
    await sql`set local session_replication_role = origin`.execute(trx);
    await continueSequences(trx);
    // Then each sequence where the archive's snapshot had it (an archive without them: after its column).
    for (const [name, value] of Object.entries(expected.sequences ?? {}))
      await sql`select setval(${`public.${name}`}::regclass, ${value}::bigint, true)`.execute(trx);
  });
}

/** Every serial or identity column's sequence set to continue after the column's largest value. */
async function continueSequences(db: Db): Promise<void> {
  const { rows } = await sql<{ table: string; column: string; sequence: string }>`
    select table_name as table, column_name as column,
      pg_get_serial_sequence(format('%I', table_name), column_name) as sequence
    from information_schema.columns
    where table_schema = 'public' and pg_get_serial_sequence(format('%I', table_name), column_name) is not null`.execute(
    db,
  );
  for (const row of rows)
    await sql`select setval(${row.sequence}::regclass,
      (select coalesce(max(${sql.ref(row.column)}), 0) + 1 from ${sql.table(row.table)}), false)`.execute(db);
}
