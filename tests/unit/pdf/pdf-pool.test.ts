import path from 'node:path';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createPdfPool, type PdfPool } from '../../../src/server/pdf/index';
import { sampleStudentReport } from '../../helpers/sample-reports';

/**
 * What tests/unit/reports/pdf-pool.test.ts does not cover: a worker that cannot start, and the
 * reason given for a document past its time limit.
 */
let pool: PdfPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('the PDF pool, when workers fail', () => {
  it('refuses the waiting documents when no worker can start, instead of retrying forever', async () => {
    pool = createPdfPool({ size: 2, workerFile: path.join(os.tmpdir(), 'no-such-pdf-worker.ts') });
    const results = await Promise.allSettled([0, 1, 2].map((i) => pool!.render(sampleStudentReport(i, 'en'))));
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect(String((result as PromiseRejectedResult).reason)).toMatch(/could not start \(exit code 1\)/);
    }
    expect(pool.stats()).toMatchObject({ queued: 0, rendered: 0 });
    expect(pool.stats().spawned).toBeLessThanOrEqual(4);
  }, 30_000);

  it('says a document took too long', async () => {
    pool = createPdfPool({ size: 1, timeoutMs: 1 });
    await expect(pool.render(sampleStudentReport(0, 'ar'))).rejects.toThrow(/past 1 ms/);
    expect(pool.stats().queued).toBe(0);
  }, 30_000);
});
