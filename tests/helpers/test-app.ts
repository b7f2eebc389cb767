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
    { NODE_ENV: 'test', DATA_DIR: dataDir, DELIVERY_FINALIZE_EVERY_SECONDS: '0' },
    { logLevel: 'info', clientDir: path.resolve('tests/fixtures/client'), ...overrides },
  );
  const app = await buildApp({ config, database: handle, logStream, clock });
  await app.ready();
  return {
    app,
    db: handle.db,
    logs,
    close: async () => {
      await app.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
