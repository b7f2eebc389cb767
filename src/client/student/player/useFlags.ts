import { useCallback, useState } from 'react';
import { readFlags, writeFlags } from '../sync/flagsStore';

/** The questions the student flagged for review, kept on this computer for the attempt. */
export function useFlags(attemptId: number): [ReadonlySet<number>, (questionId: number) => void] {
  const [flags, setFlags] = useState<ReadonlySet<number>>(() => new Set(readFlags(attemptId)));
  const toggle = useCallback(
    (questionId: number) =>
      setFlags((previous) => {
        const next = new Set(previous);
        if (!next.delete(questionId)) next.add(questionId);
        writeFlags(attemptId, next);
        return next;
      }),
    [attemptId],
  );
  return [flags, toggle];
}
