import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DamagedArchive, unpackArchive } from '../../../src/server/backup/archive-pack';

/**
 * Reading a backup archive defensively (issue 45): an archive is a file from outside the process
 * (a copy, a download), so every entry it may not hold is refused before anything is restored.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-archive-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

type Entry = { name: string; body?: string; type?: 'file' | 'symlink' | 'directory'; linkname?: string };

/** A gzipped tar of `entries`, written by tar-stream as another tool would. */
async function archiveOf(entries: Entry[]): Promise<string> {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.tar.gz`);
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(file));
  for (const { name, body = '', type = 'file', linkname } of entries)
    if (type === 'file') pack.entry({ name, type }, body);
    else pack.entry({ name, type, ...(linkname ? { linkname } : {}) }, () => undefined);
  pack.finalize();
  await written;
  return file;
}

const unpack = (file: string, maxBytes = 1e6, maxEntries?: number) =>
  unpackArchive(file, fs.mkdtempSync(path.join(work, 'out-')), maxBytes, maxEntries);

describe('an archive that cannot be read as a backup', () => {
  it('is refused for an entry it may not hold, naming it', async () => {
    for (const [entries, named] of [
      [[{ name: '../escape.jsonl', body: 'x' }], '"../escape.jsonl"'],
      [[{ name: 'data/../../etc/passwd', body: 'x' }], '"data/../../etc/passwd"'],
      [[{ name: '/abs/data.jsonl', body: 'x' }], '"/abs/data.jsonl"'],
      [[{ name: 'files/media/link.png', type: 'symlink', linkname: '/etc/passwd' }], '"files/media/link.png"'],
      [[{ name: 'data', type: 'directory' }], '"data"'],
      [[{ name: 'notes.txt', body: 'x' }], '"notes.txt"'],
      [[{ name: 'files/media/../x.png', body: 'x' }], '"files/media/../x.png"'],
      [
        [
          { name: 'manifest.json', body: '{}' },
          { name: 'manifest.json', body: '{}' },
        ],
        '"manifest.json"',
      ],
    ] as [Entry[], string][]) {
      const error = await unpack(await archiveOf(entries)).catch((e: unknown) => e);
      expect(error, named).toBeInstanceOf(DamagedArchive);
      expect((error as Error).message).toBe(`unexpected entry ${named}`);
    }
    // Nothing was written outside the folders it unpacked into.
    expect(fs.existsSync(path.join(work, '..', 'escape.jsonl'))).toBe(false);
  });

  it('is refused past its bytes or its entries, and when it is no archive at all', async () => {
    const big = await archiveOf([{ name: 'data/answers.jsonl', body: 'x'.repeat(5000) }]);
    await expect(unpack(big, 1000)).rejects.toThrow(new DamagedArchive('more than 1000 bytes unpacked'));
    const many = await archiveOf(Array.from({ length: 5 }, (_, i) => ({ name: `data/table_${i}.jsonl`, body: '{}' })));
    await expect(unpack(many, 1e6, 3)).rejects.toThrow(new DamagedArchive('more than 3 entries'));
    const garbage = path.join(work, 'garbage.tar.gz');
    fs.writeFileSync(garbage, 'this is not gzip');
    await expect(unpack(garbage)).rejects.toThrow(/^not a readable archive/);
  });

  it('reads a good one: every entry with its SHA-256', async () => {
    const good = await archiveOf([
      { name: 'manifest.json', body: '{}' },
      { name: 'data/users.jsonl', body: '{"id":1}\n' },
      { name: 'files/media/abc_def.png', body: 'png' },
    ]);
    const sums = await unpack(good);
    expect([...sums.keys()]).toEqual(['manifest.json', 'data/users.jsonl', 'files/media/abc_def.png']);
    expect(sums.get('files/media/abc_def.png')).toMatch(/^[0-9a-f]{64}$/);
  });
});
