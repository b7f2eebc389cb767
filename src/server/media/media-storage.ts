import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live. One interface: a local directory by default; an object store
 * (S3-compatible) can implement the same calls when several servers share media.
 */
export interface MediaStorage {
  put(fileName: string, content: Buffer): Promise<void>;
  /**
   * Stores a stream as it arrives (an upload is never held whole in memory). When the stream fails
   * (a limit passed, the client gone), nothing of it stays stored.
   */
  write(fileName: string, source: Readable): Promise<void>;
  read(fileName: string): Readable;
  remove(fileName: string): Promise<void>;
}

const SAFE_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;

/** Files under `<DATA_DIR>/media`, named only by the server (random names), never by the user. */
export function localMediaStorage(root: string): MediaStorage {
  fs.mkdirSync(root, { recursive: true });
  const pathOf = (fileName: string) => {
    if (!SAFE_NAME.test(fileName)) throw new Error(`unsafe media name: ${fileName}`);
    return path.join(root, fileName);
  };
  return {
    put: async (fileName, content) => {
      await fs.promises.writeFile(pathOf(fileName), content, { flag: 'wx' });
    },
    write: async (fileName, source) => {
      const target = pathOf(fileName);
      try {
        await pipeline(source, fs.createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        await fs.promises.rm(target, { force: true });
        throw error;
      }
    },
    read: (fileName) => fs.createReadStream(pathOf(fileName)),
    remove: async (fileName) => {
      await fs.promises.rm(pathOf(fileName), { force: true });
    },
  };
}
