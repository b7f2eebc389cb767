import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

export interface UnzipLimits {
  /** Entries in the archive at most. */
  maxEntries: number;
  /** Bytes of all entries together, once inflated (a zip bomb stops here, while it inflates). */
  maxTotalBytes: number;
  /**
   * Reads an entry's bytes as they inflate (a worksheet's rows and cells, say): the entry's name
   * gives a reader or none. An error the reader throws stops the unzipping and is thrown as it is.
   */
  watch?: (name: string) => ((chunk: Uint8Array, final: boolean) => void) | undefined;
}

/** Why an archive was refused: a catalog key of `roster.errors`. */
export class UnsafeArchive extends Error {
  constructor(readonly reason: 'zip_unreadable' | 'zip_too_large' | 'zip_too_many_entries' | 'zip_bad_path') {
    super(reason);
  }
}

/** A path that would leave the folder it is unpacked into, or is absolute. */
const unsafePath = (name: string) =>
  name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.split('/').includes('..');

/**
 * Inflates a zip in memory, refusing it whole when an entry's name would escape (`../`, absolute,
 * backslashes), when it has too many entries, or when its inflated bytes pass the limit: counted as
 * they inflate, never trusted from the headers, so a zip bomb costs no more than the limit. An
 * entry's watcher (`limits.watch`) may refuse it while it inflates too.
 */
export function safeUnzip(bytes: Uint8Array, limits: UnzipLimits): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array[]>();
  let total = 0;
  let entries = 0;
  let refusal: Error | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    if (refusal) return;
    entries++;
    if (entries > limits.maxEntries) refusal = new UnsafeArchive('zip_too_many_entries');
    else if (unsafePath(file.name)) refusal = new UnsafeArchive('zip_bad_path');
    if (refusal) return;
    if (file.name.endsWith('/')) return;
    const chunks: Uint8Array[] = [];
    files.set(file.name, chunks);
    const watcher = limits.watch?.(file.name);
    file.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) {
        refusal = new UnsafeArchive('zip_unreadable');
        return;
      }
      total += chunk.length;
      if (total > limits.maxTotalBytes) {
        refusal = new UnsafeArchive('zip_too_large');
        file.terminate();
        return;
      }
      try {
        watcher?.(chunk, final);
      } catch (watched) {
        refusal = watched instanceof Error ? watched : new UnsafeArchive('zip_unreadable');
        file.terminate();
        return;
      }
      chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    throw refusal ?? new UnsafeArchive('zip_unreadable');
  }
  if (refusal) throw refusal;
  if (entries === 0) throw new UnsafeArchive('zip_unreadable');
  return new Map([...files].map(([name, chunks]) => [name, concat(chunks)]));
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
