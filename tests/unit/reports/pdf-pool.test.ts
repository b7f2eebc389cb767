import { afterEach, describe, expect, it } from 'vitest';
import { createPdfPool, type PdfPool, type ReportDocument } from '../../../src/server/pdf/index';
import { invalid } from '../../helpers/invalid';
import { sampleStudentReport } from '../../helpers/sample-reports';

/** The PDF worker processes: concurrent documents, recycling, a worker dying mid-document, and closing. */
let pool: PdfPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const isPdf = (pdf: Uint8Array) => Buffer.from(pdf.subarray(0, 5)).toString() === '%PDF-';

describe('the PDF pool', () => {
  it('renders documents given at once on its workers, and replaces a worker after its quota', async () => {
    pool = createPdfPool({ size: 2, recycleAfter: 3 });
    const pdfs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pool!.render(sampleStudentReport(i, i % 2 ? 'en' : 'ar'))),
    );
    expect(pdfs.every(isPdf)).toBe(true);
    const stats = pool.stats();
    expect(stats.rendered).toBe(20);
    // Twenty documents, three per worker: at least seven workers were started, at most two at a time.
    expect(stats.spawned).toBeGreaterThanOrEqual(7);
    expect(stats.workers).toBeLessThanOrEqual(2);
  }, 60_000);

  it('fails only the document of a worker that dies, and goes on with a new worker', async () => {
    pool = createPdfPool({ size: 1 });
    await pool.render(sampleStudentReport(0, 'ar'));
    const [pid] = pool.stats().pids;
    const doomed = pool.render(sampleStudentReport(1, 'ar'));
    const after = pool.render(sampleStudentReport(2, 'ar'));
    process.kill(pid, 'SIGKILL');
    await expect(doomed).rejects.toThrow(/PDF worker stopped/);
    expect(isPdf(await after)).toBe(true);
    expect(pool.stats().pids).not.toContain(pid);
  }, 60_000);

  it('gives up on a document past its time limit', async () => {
    pool = createPdfPool({ size: 1, timeoutMs: 1 });
    await expect(pool.render(sampleStudentReport(0, 'ar'))).rejects.toThrow(/PDF worker stopped/);
  }, 60_000);

  it('answers a template error as that document failing', async () => {
    pool = createPdfPool({ size: 1 });
    const broken = { ...sampleStudentReport(0, 'en'), skills: invalid<ReportDocument['skills']>([{ name: 'x' }]) };
    await expect(pool.render(broken)).rejects.toThrow(/report template error/);
    expect(isPdf(await pool.render(sampleStudentReport(1, 'en')))).toBe(true);
  }, 60_000);

  it('stops every worker when closed and refuses what still waits', async () => {
    pool = createPdfPool({ size: 2 });
    await Promise.all([pool.render(sampleStudentReport(0, 'ar')), pool.render(sampleStudentReport(1, 'ar'))]);
    const pids = pool.stats().pids;
    expect(pids.length).toBeGreaterThan(0);
    const waiting = pool.render(sampleStudentReport(2, 'ar')).catch((error: Error) => error);
    await pool.close();
    expect(String(await waiting)).toMatch(/closed/);
    expect(pids.filter(alive)).toEqual([]);
    await expect(pool.render(sampleStudentReport(3, 'ar'))).rejects.toThrow(/closed/);
  }, 60_000);
});
