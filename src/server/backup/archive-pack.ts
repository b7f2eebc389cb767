import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { assertSafeKey } from '../storage';
import { FILE_PREFIX, TABLE_ENTRY } from './archive-format';

/** SHA-256 (hex) of a file, streamed. */
export async function fileChecksum(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Packs `entries` (names relative to `dir`, in order: the manifest first) into a gzipped tar at `out`. */
export async function packArchive(dir: string, entries: string[], out: string): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(out));
  for (const name of entries) {
    const file = path.join(dir, name);
    const { size } = await fs.promises.stat(file);
    const entry = pack.entry({ name, size, mode: 0o600 });
    await pipeline(fs.createReadStream(file), entry);
  }
  pack.finalize();
  await written;
}

/** An archive that cannot be read as one: its message names what is wrong. */
export class DamagedArchive extends Error {}

/** The names an archive may hold: the manifest, tables and stored files (keys as the server makes them). */
function allowedName(name: string): boolean {
  if (name === 'manifest.json' || TABLE_ENTRY.test(name)) return true;
  if (!name.startsWith(FILE_PREFIX)) return false;
  try {
    assertSafeKey(name.slice(FILE_PREFIX.length));
    return true;
  } catch {
    return false;
  }
}

/**
 * Unpacks an archive into the empty folder `dir`, refusing any entry it does not expect (a path
 * outside the folder, a link, a name the server would not make, a name twice), anything past
 * `maxBytes` in all, and more than `maxEntries` entries; the SHA-256 of every entry, by name.
 */
export async function unpackArchive(
  file: string,
  dir: string,
  maxBytes: number,
  maxEntries = 1_000_000,
): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  let total = 0;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const { name, type } = header;
    const refuse = (reason: string) => {
      // The entry's own stream fails with the archive: its error is the archive's, told once.
      stream.on('error', () => undefined);
      extract.destroy(new DamagedArchive(reason));
    };
    if (sums.size >= maxEntries) return refuse(`more than ${maxEntries} entries`);
    if (type !== 'file' || !allowedName(name) || sums.has(name))
      return refuse(`unexpected entry ${JSON.stringify(name)}`);
    const target = path.join(dir, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        if (total > maxBytes) return done(new DamagedArchive(`more than ${maxBytes} bytes unpacked`));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    pipeline(stream, counted, fs.createWriteStream(target, { mode: 0o600 })).then(
      () => {
        sums.set(name, hash.digest('hex'));
        next();
      },
      (error: Error) => {
        stream.on('error', () => undefined);
        extract.destroy(error);
      },
    );
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  } catch (error) {
    if (error instanceof DamagedArchive) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw error;
    throw new DamagedArchive(`not a readable archive (${(error as Error).message})`);
  }
  return sums;
}
