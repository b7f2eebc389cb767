import fs from 'node:fs';
import os from 'node:os';
import { Writable } from 'node:stream';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Clock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import { freshDatabase } from './db-template';

export interface TestContext {
  app: App;
  db: Db;
  logs: string[];
  /** Stops the server and starts a new one on the same database and files (a restart); `app` is the new one. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A full app on a fresh copy of the migrated template database, with logs captured in memory. */
export async function createTestApp(overrides: Partial<Config> = {}, clock?: Clock): Promise<TestContext> {
  const { handle, dispose } = await freshDatabase(inject('dbTemplate'));
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-files-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, JOBS_ENABLED: 'false' },
    { logLevel: 'info', clientDir: path.resolve('tests/fixtures/client'), ...overrides },
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
    close: async () => {
      await context.app.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return context;
}
