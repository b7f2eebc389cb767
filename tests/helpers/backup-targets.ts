import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import type { Clock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { databaseUrlFor } from './db-template';

/**
 * An empty database to restore into: a new embedded data folder under `work`, or (in the PostgreSQL
 * run only) a new PostgreSQL database on the run's server, dropped by `dispose`.
 */
export async function emptyTarget(
  kind: 'pglite' | 'postgres',
  work: string,
): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(work, 'restored-'));
    const handle = await openDatabase({ databaseUrl: null, dataDir: dir });
    return { handle, dispose: () => handle.close() };
  }
  const template = inject('dbTemplate');
  if (template.kind !== 'postgres') throw new Error('PostgreSQL targets only in the PostgreSQL run');
  const name = `ltm_test_restore_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: template.adminUrl, dataDir: '', poolSize: 1 });
  await admin.executeSql(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(template.adminUrl, name), dataDir: '', poolSize: 2 });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin.executeSql(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** A server on a restored database and its files (jobs off, logs dropped), as a start would build it. */
export function appOn(handle: DatabaseHandle, dataDir: string, clock?: Clock): Promise<App> {
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, JOBS_ENABLED: 'false' },
    { clientDir: path.resolve('tests/fixtures/client') },
  );
  return buildApp({ config, database: handle, logStream: new Writable({ write: (_c, _e, done) => done() }), clock });
}
