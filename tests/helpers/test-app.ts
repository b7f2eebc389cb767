import fs from 'node:fs';
import os from 'node:os';
import { Writable } from 'node:stream';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Clock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import { freshDatabase, type DbTemplate } from './db-template';
import { TEST_SECRETS } from './test-secrets';

export { TEST_SECRETS };

export interface TestContext {
  app: App;
  db: Db;
  logs: string[];
  /** Stops the server and starts a new one on the same database and files (a restart); `app` is the new one. */
  restart(): Promise<void>;
  /**
   * Stops the server and keeps its database and files as they are, for `createTestApp(..., frozen)`
   * to start copies of: worlds that begin alike in every byte. `close` removes them afterwards.
   */
  freeze(): Promise<FrozenApp>;
  close(): Promise<void>;
}

/** A stopped app's database and files, which new apps start from as copies. */
export interface FrozenApp {
  template: DbTemplate;
  dataDir: string;
}

/**
 * A full app on a fresh copy of the migrated template database (or of a frozen app's database and
 * files), with logs captured in memory. `overrides` may be a function of the copy's database name
 * (a read replica's URL names it too).
 */
export async function createTestApp(
  overrides: Partial<Config> | ((database: string) => Partial<Config>) = {},
  clock?: Clock,
  from?: FrozenApp,
): Promise<TestContext> {
  const { handle, dispose, freeze } = await freshDatabase(from?.template ?? inject('dbTemplate'));
  if (typeof overrides === 'function') {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    overrides = overrides(rows[0].name);
  }
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-files-'));
  if (from) fs.cpSync(from.dataDir, dataDir, { recursive: true });
  const config = loadConfig(
    // The monitor's readings are not shared: tests change what it reads without moving the clock.
    { NODE_ENV: 'test', DATA_DIR: dataDir, JOBS_ENABLED: 'false', MONITOR_CACHE_MS: '0' },
    { logLevel: 'info', clientDir: path.resolve('tests/fixtures/client'), secrets: TEST_SECRETS, ...overrides },
  );
  const start = async () => {
    const app = await buildApp({ config, database: handle, logStream, clock });
    await app.ready();
    return app;
  };
  const context: TestContext = {
    app: await start(),
    db: handle.db,
    logs,
    restart: async () => {
      await context.app.close();
      context.app = await start();
    },
    freeze: async () => {
      await context.app.close();
      return { template: await freeze(), dataDir };
    },
    close: async () => {
      await context.app.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return context;
}
