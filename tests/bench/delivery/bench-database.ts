import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { SchemaRegistry } from '../../../schemas/index';
import { openDatabase } from '../../../src/server/db/database';
import { prepareDatabase } from '../../../src/server/setup/prepare';
import { databaseUrlFor } from '../../helpers/db-template';
import { prepareBenchData, type BenchData } from './prepare';

async function asAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for a benchmark or chaos run, migrated and filled: a new PostgreSQL
 * database when an admin URL is given (dropped by `drop`), else PGlite in a new data directory.
 */
export async function benchDatabase(
  adminUrl: string | null,
  registry: SchemaRegistry,
  options: { prefix: string; students: number; signInOverHttp: number; adaptivePool?: number },
): Promise<{ data: BenchData; databaseUrl: string | null; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.prefix.replace(/_/g, '-')}-`));
  const name = `${options.prefix}_${Date.now().toString(36)}`;
  if (adminUrl) await asAdmin(adminUrl, `create database ${name}`);
  const databaseUrl = adminUrl ? databaseUrlFor(adminUrl, name) : null;
  const handle = await openDatabase({ databaseUrl, dataDir });
  await prepareDatabase(handle.db);
  const data = await prepareBenchData(handle.db, registry, options);
  await handle.close();
  return {
    data,
    databaseUrl,
    dataDir,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl) await asAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
