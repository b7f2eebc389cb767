import type { Readable } from 'node:stream';
import type { FileStore } from '../storage';

/**
 * Where uploaded files live: `media/<name>` in the product's file store (DATA_DIR/media by default,
 * or the shared bucket). Names are made by the server (random), never by the user.
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

export function mediaStorage(store: FileStore): MediaStorage {
  const keyOf = (fileName: string) => {
    if (!SAFE_NAME.test(fileName)) throw new Error(`unsafe media name: ${fileName}`);
    return `media/${fileName}`;
  };
  return {
    put: (fileName, content) => store.write(keyOf(fileName), content),
    write: (fileName, source) => store.write(keyOf(fileName), source),
    read: (fileName) => store.read(keyOf(fileName)),
    remove: (fileName) => store.remove(keyOf(fileName)),
  };
}
