import type { FileStore } from './file-store';

export interface CopySummary {
  copied: number;
  /** Already in the target with the same size (a migration run again resumes where it stopped). */
  skipped: number;
  bytes: number;
  failed: { key: string; error: string }[];
}

/** The folders the product writes: media and recordings, report PDFs and bundles. */
export const STORED_FOLDERS = ['media/', 'reports/'] as const;

/**
 * Copies every file of `from` into `to`, one at a time and streamed (never a whole file in memory),
 * checking each copy's size. One way: nothing is removed from `from`, nothing in `to` is changed
 * but what it copies. Files already in `to` with the same size are skipped, so a run can be
 * repeated until nothing fails.
 */
export async function copyStore(
  from: FileStore,
  to: FileStore,
  onFile: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void = () => undefined,
): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, skipped: 0, bytes: 0, failed: [] };
  for (const folder of STORED_FOLDERS)
    for await (const { key, size } of from.list(folder)) {
      try {
        if ((await to.size(key)) === size) {
          summary.skipped++;
          onFile(key, 'skipped');
          continue;
        }
        await to.write(key, from.read(key));
        const stored = await to.size(key);
        if (stored !== size) throw new Error(`stored ${stored ?? 'nothing'} bytes of ${size}`);
        summary.copied++;
        summary.bytes += size;
        onFile(key, 'copied');
      } catch (error) {
        summary.failed.push({ key, error: (error as Error).message });
        onFile(key, 'failed');
      }
    }
  return summary;
}
