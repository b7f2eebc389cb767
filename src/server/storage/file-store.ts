import type { Readable } from 'node:stream';

/**
 * Where the product's files live: media and recordings (`media/<name>`), report PDFs and ZIP
 * bundles (`reports/<id>/<file>`). One interface, two places: a local directory (DATA_DIR, the
 * default) or an S3-compatible bucket, which several application servers share.
 *
 * Keys are made by the server only (random media names, report ids), never by a user; both stores
 * refuse anything else. Access control is never the store's: every read passes the route's checks
 * first, then streams through the server (docs/deployment.md says why no pre-signed URLs).
 */
export interface FileStore {
  /** 'local' or 's3', for the logs and the system route. */
  readonly kind: 'local' | 's3';
  /**
   * Stores bytes or a stream under `key`, replacing what was there. A stream is never held whole in
   * memory: the directory writes it as it comes; the bucket holds one 8 MB upload part at a time (two
   * in flight), so only a file smaller than a part is ever held whole. The file appears complete or
   * not at all: a reader never sees half a file, and when the source fails (a limit passed, the
   * client gone) nothing of it stays stored.
   */
  write(key: string, source: Readable | Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** Streams a stored file; the stream fails (ENOENT / NoSuchKey) when there is none. */
  read(key: string): Readable;
  /** The stored file's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key under a prefix (`media/`, `reports/`), with its size. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}

/** A key the server made: folders and a file name of letters, digits, `_`, `-` and one extension. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.[a-z0-9]{2,5}$/;

export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
  return key;
}
