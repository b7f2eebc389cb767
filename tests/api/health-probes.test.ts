import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call } from '../helpers/api-client';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Liveness and readiness (issue 45), as balancers and orchestrators expect them: liveness asks
 * nothing of the database or the store; readiness fails (503) while the store refuses writes or the
 * database is at another release's migration, and says which check failed.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const ready = () => call(t.app, 'GET', '/api/health/ready');
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe('health probes', () => {
  it('answer live and ready on a working server, without a session', async () => {
    const live = await call(t.app, 'GET', '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: kind,
      checks: { database: 'ok', migration: 'ok', storage: 'ok' },
    });
    // The probe leaves no file behind.
    expect(fs.readdirSync(path.join(t.app.config.dataDir, 'health'))).toEqual([]);
  });

  it('is not ready while the file store refuses writes, and live all the same', async () => {
    const other = await createTestApp();
    try {
      // The probe's folder is a file: nothing can be written under it.
      fs.rmSync(path.join(other.app.config.dataDir, 'health'), { recursive: true, force: true });
      fs.writeFileSync(path.join(other.app.config.dataDir, 'health'), 'not a folder');
      const response = await call(other.app, 'GET', '/api/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not_ready',
        database: kind,
        checks: { database: 'ok', migration: 'ok', storage: 'failed' },
      });
      expect((await call(other.app, 'GET', '/api/health/live')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('is not ready on a database a newer release has migrated', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_newer_release', '2026-12-01T00:00:00Z')`.execute(
      t.db,
    );
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ database: 'ok', migration: 'ahead', storage: 'ok' });
    } finally {
      await sql`delete from kysely_migration where name = '9999_newer_release'`.execute(t.db);
    }
    expect((await ready()).statusCode).toBe(200);
  });
});
