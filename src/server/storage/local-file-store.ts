import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type FileStore } from './file-store';

/** Files under a local directory (DATA_DIR): the default, for one server. */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, assertSafeKey(key));
  return {
    kind: 'local',
    async write(key, source) {
      const target = pathOf(key);
      const from = source instanceof Readable ? source : Readable.from([source]);
      // A stream that fails while the folder is made (a limit passed) must not go unheard: the
      // pipeline below still sees its error, as the stream keeps it.
      from.on('error', () => undefined);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed when complete: a reader never sees half a file.
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await pipeline(from, fs.createWriteStream(temporary, { flags: 'wx' }));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },
    read: (key) => fs.createReadStream(pathOf(key)),
    async size(key) {
      try {
        const stat = await fs.promises.stat(pathOf(key));
        return stat.isFile() ? stat.size : null;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      const start = path.join(root, prefix);
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(start, { withFileTypes: true, recursive: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join('/');
        yield { key, size: (await fs.promises.stat(full)).size };
      }
    },
  };
}
