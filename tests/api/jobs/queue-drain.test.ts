import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/database';
import { prepareDatabase } from '../../../src/server/setup/prepare';
import { createJobQueue, type JobQueue } from '../../../src/server/jobs/job-queue';

/**
 * A busy queue drains at the speed of its work: a worker that has just done a job asks for the next
 * at once, and waits its polling interval only when it found nothing (pg-boss alone waits after
 * every job, so a worker polling every 5 s would do one job each 5 s).
 */
const POLL_SECONDS = 5;
let dir: string;
let database: DatabaseHandle;
let queue: JobQueue;
const done: { n: number; at: number }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-drain-'));
  database = await openDatabase({ databaseUrl: null, dataDir: dir });
  await prepareDatabase(database.db);
  queue = createJobQueue({
    executeSql: database.executeSql,
    pollSeconds: POLL_SECONDS,
    log: pino({ level: 'silent' }),
  });
  queue.define<{ n: number }>('drain-test', async ({ n }) => {
    done.push({ n, at: Date.now() });
  });
  await queue.start();
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the job queue', () => {
  it('does queued jobs one after another without waiting its polling interval between them', async () => {
    for (let n = 1; n <= 5; n++) await queue.send('drain-test', { n });
    const until = Date.now() + 4 * POLL_SECONDS * 1000;
    while (done.length < 5 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(done.map((d) => d.n).sort()).toEqual([1, 2, 3, 4, 5]);
    // The first waited for the idle worker's next poll; the other four followed it at once.
    const spread = done.at(-1)!.at - done[0]!.at;
    expect(spread).toBeLessThan(POLL_SECONDS * 1000);
  }, 60_000);
});
