import { useCallback, useEffect, useRef, useState } from 'react';
import { studentApi, type AttemptView } from '../api';
import { readFlags, writeFlags } from '../sync/flagsStore';

/**
 * The questions the student flagged for review. Kept with the attempt on the server (so they follow
 * the student to another computer after signing in again) and on this computer, which covers a page
 * reloaded while offline; a set the server has not taken yet is sent again when the connection returns.
 */
export function useFlags(attempt: Pick<AttemptView, 'id' | 'assignment_id' | 'flags'>) {
  const { id: attemptId, assignment_id: assignmentId } = attempt;
  const [flags, setFlags] = useState<ReadonlySet<number>>(
    () => new Set([...(attempt.flags ?? []), ...readFlags(attemptId)]),
  );
  const unsent = useRef<ReadonlySet<number> | null>(null);

  const send = useCallback(
    (next: ReadonlySet<number>) => {
      unsent.current = next;
      studentApi.saveFlags(assignmentId, attemptId, [...next]).then(
        () => {
          if (unsent.current === next) unsent.current = null;
        },
        () => undefined, // kept in `unsent`: sent again when the connection returns
      );
    },
    [assignmentId, attemptId],
  );

  useEffect(() => {
    // Flags kept here but not on the server (set offline before a reload): send them now.
    const server = new Set(attempt.flags ?? []);
    if (flags.size !== server.size || [...flags].some((id) => !server.has(id))) send(flags);
    const online = () => {
      if (unsent.current) send(unsent.current);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
    // Once per attempt: later changes are sent by `toggle`.
  }, [attemptId]);

  const toggle = useCallback(
    (questionId: number) => {
      const next = new Set(flags);
      if (!next.delete(questionId)) next.add(questionId);
      setFlags(next);
      writeFlags(attemptId, next);
      send(next);
    },
    [attemptId, flags, send],
  );
  return [flags, toggle] as const;
}
