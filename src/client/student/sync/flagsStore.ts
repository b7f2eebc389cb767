/** The questions a student flagged for review, kept on this computer per attempt (localStorage). */
const PREFIX = 'student-flags:';
const keyOf = (attemptId: number) => `${PREFIX}${attemptId}`;

export function readFlags(attemptId: number): number[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(keyOf(attemptId)) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function writeFlags(attemptId: number, flags: Iterable<number>): void {
  try {
    window.localStorage.setItem(keyOf(attemptId), JSON.stringify([...flags]));
  } catch {
    // Flags are a convenience: without storage they last as long as the page.
  }
}

/** Forgets one attempt's flags, or every attempt's. */
export function forgetFlags(attemptId?: number): void {
  try {
    const storage = window.localStorage;
    if (attemptId !== undefined) return storage.removeItem(keyOf(attemptId));
    for (const key of Object.keys(storage)) if (key.startsWith(PREFIX)) storage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}
