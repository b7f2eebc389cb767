/** What a reading thread answers: the file it read, or why it refused it. */
export type ReadOutcome =
  | { file: unknown }
  | {
      refused: { reason: string; params: Record<string, string | number> };
      /** What went wrong when it was not the reader's own refusal (a file that defeats the reader). */
      failure?: string;
    };

/** A reader's refusal: its reason (a catalog key) and the key's parameters. */
interface Refusal {
  reason: string;
  params: Record<string, string | number>;
}

/**
 * The body of a feature's reading thread (the file read-pool.ts runs): reads the bytes with the
 * feature's reader and answers the file, or the reader's refusal. Anything else the reader throws
 * (a stack overflow on a deep document, a bug a crafted file finds) is answered as `unreadable`:
 * an untrusted file is refused, never a 500.
 */
export function readerThread<F>(
  read: (bytes: Uint8Array) => Promise<F>,
  isRefusal: (error: unknown) => error is Refusal,
  unreadable: string,
): (bytes: Uint8Array) => Promise<ReadOutcome> {
  return async (bytes) => {
    try {
      return { file: await read(bytes) };
    } catch (error) {
      if (isRefusal(error)) return { refused: { reason: error.reason, params: error.params } };
      return { refused: { reason: unreadable, params: {} }, failure: String(error) };
    }
  };
}
