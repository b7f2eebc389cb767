import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore, type FileStore } from '../../../src/server/storage/index';
import { s3FileStore } from '../../../src/server/storage/s3-file-store';
import { startS3Server, type S3Server } from '../../helpers/s3-server';

/** One contract, two stores: the local directory and an S3-compatible server over HTTP (AWS SDK v3). */
let s3: S3Server;
let dir: string;
const stores: Record<'local' | 's3', () => FileStore> = {
  local: () => localFileStore(dir),
  s3: () => s3FileStore(s3.storage('files')),
};

beforeAll(async () => {
  s3 = await startS3Server();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'));
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A stream of `size` bytes that fails after `failAfter` bytes (a client gone mid-upload). */
function failingStream(size: number, failAfter: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= failAfter) return this.destroy(new Error('connection reset'));
      const chunk = randomBytes(Math.min(1024 * 1024, size - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const keys = async (store: FileStore, prefix: string) => {
  const found: string[] = [];
  for await (const { key } of store.list(prefix)) found.push(key);
  return found.sort();
};

describe.each(['local', 's3'] as const)('the %s file store', (kind) => {
  it('keeps bytes and streams, Arabic text included, and reads them back with their size', async () => {
    const store = stores[kind]();
    const arabic = Buffer.from('تقرير المدرسة: القراءة والكتابة', 'utf8');
    await store.write('reports/7/ar.pdf', arabic);
    await store.write('media/abc123.webm', Readable.from([Buffer.from('one '), Buffer.from('two')]));
    expect((await text(store.read('reports/7/ar.pdf'))).toString('utf8')).toBe(arabic.toString('utf8'));
    expect(String(await text(store.read('media/abc123.webm')))).toBe('one two');
    expect(await store.size('reports/7/ar.pdf')).toBe(arabic.length);
    expect(await store.size('reports/7/en.pdf')).toBeNull();
    expect(await keys(store, 'reports/')).toEqual(['reports/7/ar.pdf']);
    expect(await keys(store, 'media/')).toEqual(['media/abc123.webm']);
  });

  it('streams a file larger than one upload part and replaces what was there', async () => {
    const store = stores[kind]();
    const big = randomBytes(19 * 1024 * 1024);
    await store.write('reports/8/bundle.zip', Buffer.from('old'));
    await store.write(
      'reports/8/bundle.zip',
      Readable.from(
        (function* () {
          for (let at = 0; at < big.length; at += 1024 * 1024) yield big.subarray(at, at + 1024 * 1024);
        })(),
      ),
    );
    expect(await store.size('reports/8/bundle.zip')).toBe(big.length);
    expect((await text(store.read('reports/8/bundle.zip'))).equals(big)).toBe(true);
  });

  it('keeps nothing of a stream that fails, small or past one part', async () => {
    const store = stores[kind]();
    await expect(store.write('media/broken1.wav', failingStream(3 * 1024 * 1024, 1024 * 1024))).rejects.toThrow();
    await expect(store.write('media/broken2.wav', failingStream(30 * 1024 * 1024, 20 * 1024 * 1024))).rejects.toThrow();
    expect(await store.size('media/broken1.wav')).toBeNull();
    expect(await store.size('media/broken2.wav')).toBeNull();
    expect((await keys(store, 'media/')).filter((key) => key.includes('broken'))).toEqual([]);
  });

  it('fails a read of a missing file, removes quietly and refuses keys it did not make', async () => {
    const store = stores[kind]();
    await expect(text(store.read('media/missing.png'))).rejects.toThrow();
    await store.remove('media/missing.png');
    await store.write('media/gone.png', Buffer.from('x'));
    await store.remove('media/gone.png');
    expect(await store.size('media/gone.png')).toBeNull();
    for (const key of ['../etc/passwd.txt', 'media/../../x.png', '/abs.png', 'media/a b.png', 'media/noext'])
      await expect(store.write(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
  });
});
