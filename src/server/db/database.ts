import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './types';
import { lockDataDir } from './data-dir-lock';
import { listenForNotifications, type ListenHandlers, type NotificationListener } from './notifications';

export type DatabaseKind = 'pglite' | 'postgres';
export type Db = Kysely<Database>;

/** Plain SQL for libraries that bring their own statements (the job queue): `{rows}` as `pg` answers. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs a compiled query as a named prepared statement on PostgreSQL (each connection plans it once,
 * not at every call); as a plain query on PGlite. For the hottest statements only: a name must
 * always go with the same text.
 */
export type RunPrepared = <R>(name: string, query: CompiledQuery<R>) => Promise<{ rows: R[] }>;

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  executeSql: ExecuteSql;
  runPrepared: RunPrepared;
  /**
   * Hears what other server processes announce (PostgreSQL LISTEN); null on PGlite, which is one
   * process and hears nothing it did not do itself.
   */
  listen(channel: string, handlers: ListenHandlers): NotificationListener | null;
  /** The connection pool's state (PostgreSQL); null on PGlite, which is one connection. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

// count(*) and bigint come back as strings from pg; numeric ids stay numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Opens PostgreSQL when a URL is given, otherwise PGlite persisted under `<dataDir>/pglite`. */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
  /** Told when an idle PostgreSQL connection fails (logged by the server). */
  onIdleError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the database closes (a restart, an administrator) must not crash the server:
    // the pool drops it and opens a new one for the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection in use can fail between two statements too (the database restarting): its query
    // fails on its own, and the error event must not end the process. pg-pool drops the connection.
    pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values),
      runPrepared: <R>(name: string, query: CompiledQuery<R>) =>
        pool.query<R & pg.QueryResultRow>({ name, text: query.sql, values: [...query.parameters] }),
      listen: (channel, handlers) => listenForNotifications(options.databaseUrl!, channel, handlers),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(options.dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // PGlite is one connection: a statement from outside Kysely waits for Kysely's connection, or it
  // would run inside whatever transaction Kysely holds open. Without parameters, a text may hold
  // several statements (the queue's own schema), which only `exec` runs.
  const executeSql: ExecuteSql = (text, values) =>
    db.connection().execute(async () => {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    });
  return {
    db,
    kind: 'pglite',
    executeSql,
    runPrepared: async <R>(_name: string, query: CompiledQuery<R>) => ({ rows: (await db.executeQuery(query)).rows }),
    listen: () => null,
    poolStats: () => null,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      unlock();
    },
  };
}
