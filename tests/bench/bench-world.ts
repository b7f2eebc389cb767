/**
 * What the HTTP benches share: a database of their own (PGlite in a temporary folder, or, with
 * `BENCH_DATABASE_URL`, a PostgreSQL database made for the run and dropped after), migrated; a real
 * server on a free port with jobs off and quiet logs; and signed-in users.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { prepareDatabase } from '../../src/server/setup/prepare';
import { databaseUrlFor } from '../helpers/db-template';
import { buildUser } from '../helpers/factories';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || null;

/** The machine, for the first line of a bench's output (figures are recorded with it). */
export const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

async function asAdmin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL! });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A migrated database and a data folder of the bench's own; `close` removes both. */
export async function benchDatabase(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ltm-${prefix}-bench-`));
  const name = `ltm_${prefix}_bench_${Date.now().toString(36)}`;
  if (ADMIN_URL) await asAdmin(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: ADMIN_URL ? databaseUrlFor(ADMIN_URL, name) : null, dataDir });
  await prepareDatabase(handle.db);
  return {
    handle,
    dataDir,
    async close() {
      await handle.close().catch(() => undefined);
      if (ADMIN_URL) await asAdmin(`drop database if exists ${name}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type BenchDatabase = Awaited<ReturnType<typeof benchDatabase>>;

/** The real server on that database, and a way to sign a new user of a role in (its cookie). */
export async function benchServer({ handle, dataDir }: BenchDatabase) {
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, JOBS_ENABLED: 'false', LOG_LEVEL: 'warn' },
    { clientDir: path.resolve('tests/fixtures/client') },
  );
  const app = await buildApp({
    config,
    database: handle,
    logStream: new Writable({ write: (_c, _e, done) => done() }),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = async (role: string) => {
    const user = await buildUser(handle.db, { role });
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  };
  return { app, url, signIn };
}
