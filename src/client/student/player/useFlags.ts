import { useCallback, useState } from 'react';

const keyOf = (attemptId: number) => `student-flags:${attemptId}`;

function read(attemptId: number): number[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(keyOf(attemptId)) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/** The questions the student flagged for review, kept on this computer for the attempt. */
export function useFlags(attemptId: number): [ReadonlySet<number>, (questionId: number) => void] {
  const [flags, setFlags] = useState<ReadonlySet<number>>(() => new Set(read(attemptId)));
  const toggle = useCallback(
    (questionId: number) =>
      setFlags((previous) => {
        const next = new Set(previous);
        if (!next.delete(questionId)) next.add(questionId);
        try {
          window.localStorage.setItem(keyOf(attemptId), JSON.stringify([...next]));
        } catch {
          // Flags are a convenience: without storage they last as long as the page.
        }
        return next;
      }),
    [attemptId],
  );
  return [flags, toggle];
}
