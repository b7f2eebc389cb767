import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { FileStore } from './file-store';

/** One file of a ZIP: a stored file by its key, or bytes made for it (a JSON document). */
export type ZipEntry = { name: string; key: string } | { name: string; data: Uint8Array };

/**
 * A ZIP of the entries, streamed: each stored file is read from the store as the archive is sent,
 * one at a time (one open read, never hundreds of connections to the bucket at once). A file that
 * cannot be read ends the download with an error; a reader who goes away closes the open read with
 * it. Entries are stored, not compressed: PDFs and recordings are compressed already.
 */
export function zipStream(store: FileStore, entries: readonly ZipEntry[]): ZipArchive {
  const archive = new ZipArchive({ store: true });
  let open: Readable | null = null;
  let closed = false;
  archive.once('close', () => {
    closed = true;
    open?.destroy();
  });
  const addAll = async () => {
    for (const entry of entries) {
      if (closed) return;
      if ('data' in entry) {
        await new Promise<void>((resolve) => {
          archive.once('entry', () => resolve());
          archive.append(Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength), {
            name: entry.name,
          });
        });
        continue;
      }
      const source = store.read(entry.key);
      open = source;
      let failed: (error: Error) => void = () => undefined;
      await new Promise<void>((resolve, reject) => {
        failed = reject;
        source.once('error', failed);
        archive.once('entry', () => resolve());
        archive.append(source, { name: entry.name });
      });
      source.off('error', failed);
    }
    await archive.finalize();
  };
  addAll().catch((error: Error) => {
    archive.abort();
    archive.destroy(error);
  });
  return archive;
}
