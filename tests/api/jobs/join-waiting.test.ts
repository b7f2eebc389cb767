import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { prepareDatabase } from '../../../src/server/setup/prepare';
import { createJobQueue, JOBS_SCHEMA, type JobQueue } from '../../../src/server/jobs/job-queue';

/**
 * A `oneWaiting` queue: a job sent with a key while another of that key waits joins it, whenever it
 * is sent (pg-boss's clock-aligned singleton slots queued two for two sends a second apart across a
 * minute's end); once the waiting job has started, a new one is queued. A queue made before it was
 * `oneWaiting` is brought into line when the server starts.
 */
const QUEUE = 'join-test';
let dir: string;
let database: DatabaseHandle;
let queue: JobQueue | undefined;
let release: () => void = () => undefined;
let started = 0;

function startQueue(oneWaiting: boolean): Promise<void> {
  queue = createJobQueue({ executeSql: database.executeSql, pollSeconds: 0.5, log: pino({ level: 'silent' }) });
  queue.define(
    QUEUE,
    async () => {
      started++;
      await new Promise<void>((resolve) => (release = resolve));
    },
    { oneWaiting },
  );
  return queue.start();
}

async function jobs(state: string): Promise<{ key: string | null }[]> {
  const { rows } = await sql<{ key: string | null }>`
    select singleton_key as key from ${sql.table(`${JOBS_SCHEMA}.job`)}
    where name = ${QUEUE} and state = ${state} order by created_on`.execute(database.db);
  return rows;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'join-waiting-'));
  database = await openDatabase({ databaseUrl: null, dataDir: dir });
  await prepareDatabase(database.db);
  // The queue as an earlier version made it: the standard policy.
  await startQueue(false);
  await queue!.stop();
  await startQueue(true);
}, 60_000);
afterAll(async () => {
  release();
  await queue?.stop();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a queue that keeps one job waiting per key', () => {
  it('is set so on an existing queue', async () => {
    const { rows } = await sql<{
      policy: string;
    }>`select policy from ${sql.table(`${JOBS_SCHEMA}.queue`)} where name = ${QUEUE}`.execute(database.db);
    expect(rows).toEqual([{ policy: 'short' }]);
  });

  it('joins a waiting job of the same key, and queues apart for another key', async () => {
    for (let n = 0; n < 3; n++) {
      await queue!.send(QUEUE, { n }, { afterSeconds: 60, joinKey: 'migration' });
      await new Promise((r) => setTimeout(r, 300));
    }
    await queue!.send(QUEUE, {}, { afterSeconds: 60, joinKey: 'other' });
    expect(await jobs('created')).toEqual([{ key: 'migration' }, { key: 'other' }]);
  });

  it('queues a new job once the waiting one has started', async () => {
    await sql`update ${sql.table(`${JOBS_SCHEMA}.job`)} set start_after = now()
      where name = ${QUEUE} and singleton_key = 'migration'`.execute(database.db);
    await expect.poll(() => started, { timeout: 10_000 }).toBe(1);
    await queue!.send(QUEUE, {}, { afterSeconds: 60, joinKey: 'migration' });
    expect(await jobs('active')).toEqual([{ key: 'migration' }]);
    expect(await jobs('created')).toEqual([{ key: 'other' }, { key: 'migration' }]);
    release();
    await expect.poll(async () => (await jobs('completed')).length, { timeout: 10_000 }).toBe(1);
  }, 30_000);
});
