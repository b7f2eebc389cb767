/**
 * A student's work on a shared school computer (issue 23): answers, recordings and flags are kept
 * here only until the server holds them. An attempt's are forgotten at its submission; everything
 * at sign-out (what the server has not acknowledged too, once the student confirmed losing it),
 * with the service worker's copies of the student's reads. A sign-out that the student did not ask
 * for (their session ended) forgets what the server holds and keeps the rest, to be sent at their
 * next sign-in. Another student's unsent work (sealed with their key) is theirs to count and forget.
 */
import { forgetFlags } from './flagsStore';
import { idbStudentWork } from './idbStore';
import { heldWorkKeyId } from './workKey';

/** The service worker's copies of the student's reads (`API` in public/sw.js). */
export const STUDENT_READS_CACHE = 'ltm-student-api';

/** A player on this page: sends what it holds, or stops and forgets its attempt. */
export interface LiveWork {
  settle(): Promise<unknown>;
  forget(): Promise<void>;
}

const live = new Set<LiveWork>();

/** Registers a mounted player; the function it returns unregisters it. */
export function keepLive(work: LiveWork): () => void {
  live.add(work);
  return () => live.delete(work);
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/**
 * How many answers and recordings this computer holds that the server has not acknowledged, after
 * the players on the page have tried to send theirs (for at most `waitMs`).
 */
export async function unsentWork(waitMs = 8000): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([Promise.allSettled([...live].map((work) => work.settle())), timeout]);
  clearTimeout(timer);
  if (!hasIndexedDb()) return 0;
  try {
    return await idbStudentWork().unsent(await heldWorkKeyId());
  } catch {
    return 0;
  }
}

async function forgetReads(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(STUDENT_READS_CACHE);
  } catch {
    // No Cache Storage here (an insecure origin): the service worker kept nothing either.
  }
}

/**
 * Forgets the student's work on this computer: the players on the page stop first (so no late
 * write brings anything back), then the stores, the flags and the service worker's copies.
 * `unsent: true` (a sign-out the student confirmed) forgets what the server has not taken too.
 */
export async function forgetStudentWork({ unsent }: { unsent: boolean }): Promise<void> {
  if (unsent) await Promise.allSettled([...live].map((work) => work.forget()));
  if (hasIndexedDb()) {
    try {
      const work = idbStudentWork();
      await (unsent ? work.forgetAll(await heldWorkKeyId()) : work.forgetAcknowledged());
    } catch {
      // A store that cannot be opened holds nothing to forget.
    }
  }
  forgetFlags();
  await forgetReads();
}
