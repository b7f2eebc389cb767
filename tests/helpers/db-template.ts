import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { prepareDatabase } from '../../src/server/setup/prepare';

/** Where the migrated template lives: a PGlite data directory, or a PostgreSQL template database. */
export type DbTemplate = { kind: 'pglite'; dir: string } | { kind: 'postgres'; adminUrl: string; database: string };

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A test database's commits return before their WAL reaches the disk (`synchronous_commit = off`):
 * a test never survives a crash of PostgreSQL, and waiting on the disk's flush was a quarter of an
 * API file's time (blind-property 58.5 s to 42.8 s). A database's settings are not copied with it,
 * so each copy is given them. The durability tests (chaos, backups) use their own databases.
 */
const unflushedCommits = (database: string) => `alter database ${database} set synchronous_commit = off`;

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

async function prepare(handle: DatabaseHandle) {
  await prepareDatabase(handle.db);
  await handle.close();
}

/** Builds the migrated template once per test run. */
export async function createTemplate(adminUrl: string | undefined): Promise<DbTemplate> {
  if (adminUrl) {
    const database = unique('ltm_test_tpl');
    await withAdmin(adminUrl, async (c) => {
      await c.query(`create database ${database}`);
      await c.query(unflushedCommits(database));
    });
    await prepare(await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, database), dataDir: '', poolSize: 2 }));
    return { kind: 'postgres', adminUrl, database };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-template-'));
  await prepare(await openDatabase({ databaseUrl: null, dataDir: dir }));
  return { kind: 'pglite', dir };
}

/** Drops the template and every database this run made from it. */
export async function dropTemplate(template: DbTemplate): Promise<void> {
  if (template.kind === 'pglite') {
    fs.rmSync(template.dir, { recursive: true, force: true });
    return;
  }
  await withAdmin(template.adminUrl, async (c) => {
    const prefix = template.database.replace('_tpl', '');
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [template.database, `${prefix}%`],
    );
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
  });
}

export interface FreshDatabase {
  handle: DatabaseHandle;
  dispose: () => Promise<void>;
  /**
   * Closes the database and keeps it as a template that `freshDatabase` copies: one scene built
   * once, then forked into worlds that start byte for byte alike (ids, codes, times). `dispose`
   * removes it once the forks are done.
   */
  freeze: () => Promise<DbTemplate>;
}

/** A fresh database for one test file: a copy of the template. */
export async function freshDatabase(template: DbTemplate): Promise<FreshDatabase> {
  let open = true;
  const close = async (handle: DatabaseHandle) => {
    if (open) await handle.close();
    open = false;
  };
  if (template.kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-test-'));
    fs.cpSync(template.dir, dataDir, { recursive: true });
    const handle = await openDatabase({ databaseUrl: null, dataDir });
    return {
      handle,
      dispose: async () => {
        await close(handle);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
      freeze: async () => {
        await close(handle);
        return { kind: 'pglite', dir: dataDir };
      },
    };
  }
  const database = unique(template.database.replace('_tpl', ''));
  await withAdmin(template.adminUrl, async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${database} template ${template.database}`);
        await c.query(unflushedCommits(database));
        return;
      } catch (error) {
        // Two files copying the template at the same moment: wait and try again.
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const handle = await openDatabase({
    databaseUrl: databaseUrlFor(template.adminUrl, database),
    dataDir: '',
    poolSize: 4,
  });
  return {
    handle,
    dispose: async () => {
      await close(handle);
      await withAdmin(template.adminUrl, (c) => c.query(`drop database if exists ${database} with (force)`));
    },
    freeze: async () => {
      await close(handle);
      return { kind: 'postgres', adminUrl: template.adminUrl, database };
    },
  };
}
