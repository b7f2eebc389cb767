import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReportFiles } from '../../../src/server/reports/report-files';
import { zipStream, type FileStore } from '../../../src/server/storage/index';
import { s3FileStore } from '../../../src/server/storage/s3-file-store';
import { startS3Server, type S3Server } from '../../helpers/s3-server';

/**
 * Several reports as one ZIP, streamed from the bucket: one read open at a time, a file that cannot
 * be read ends the download with an error (never a crash, never a hang), and a reader who goes away
 * closes the open read.
 */
let s3: S3Server;
let store: FileStore;
let files: ReportFiles;
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200_000)]);

beforeAll(async () => {
  s3 = await startS3Server();
  store = s3FileStore(s3.storage('zip'));
  files = new ReportFiles(store);
  for (let id = 1; id <= 6; id++) await files.writePdf(id, 'en', pdf());
});
afterAll(() => s3?.stop());

const entries = (ids: number[]) => ids.map((id) => ({ name: `Report_${id}.pdf`, key: files.pdfKey(id, 'en') }));

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a ZIP of reports from the bucket', () => {
  it('holds every report, read one after another', async () => {
    const read = store.read.bind(store);
    let open = 0;
    let most = 0;
    const reads = vi.spyOn(store, 'read').mockImplementation((key) => {
      const stream = read(key);
      open++;
      most = Math.max(most, open);
      stream.once('close', () => open--);
      return stream;
    });
    const zip = unzipSync(new Uint8Array(await drain(zipStream(store, entries([1, 2, 3, 4, 5, 6])))));
    reads.mockRestore();
    expect(Object.keys(zip)).toHaveLength(6);
    expect(Object.values(zip).every((data) => Buffer.from(data.subarray(0, 4)).toString() === '%PDF')).toBe(true);
    expect(most).toBe(1);
  });

  it('ends with an error when a file cannot be read, and does not hang', async () => {
    await expect(drain(zipStream(store, entries([1, 99, 2])))).rejects.toThrow();
  });

  it('closes the open read when the reader goes away', async () => {
    const opened: Readable[] = [];
    const read = store.read.bind(store);
    const spy = vi.spyOn(store, 'read').mockImplementation((key) => {
      const stream = read(key);
      opened.push(stream);
      return stream;
    });
    const archive = zipStream(store, entries([1, 2, 3, 4, 5, 6]));
    await new Promise<void>((resolve) => archive.once('data', () => resolve()));
    archive.destroy();
    await new Promise((r) => setTimeout(r, 200));
    spy.mockRestore();
    expect(opened.length).toBeLessThan(6);
    expect(opened.every((stream) => stream.destroyed)).toBe(true);
  });
});
