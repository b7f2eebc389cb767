import { useCallback, useEffect, useRef, useState } from 'react';
import { statusOf } from '../../providers/errors';
import { studentApi, type AttemptView } from '../api';

/** How long to wait before trying an automatic submission again while offline. */
const AUTO_RETRY_MS = 5000;

export type SubmitProblem = 'unsent' | 'offline' | 'failed' | null;

/**
 * Submits the attempt once every answer has reached the server. A submission the student asks for
 * stops if answers cannot be sent (they would be lost); the one at time zero keeps trying, sending
 * the answers first each time, and submits unsent only once the server takes no more answers (its
 * grace period is over: then the server has submitted the attempt anyway). The answers it could
 * not take are counted, so the result can say so.
 */
export function useSubmission(
  assignmentId: number,
  sync: { settle: () => Promise<'saved' | 'unsent' | 'closed'>; unsent: () => number; forget: () => Promise<void> },
  onSubmitted: (view: AttemptView, lateAnswers: number) => void,
) {
  const { settle, unsent, forget } = sync;
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      if (retry.current) clearTimeout(retry.current);
    };
  }, []);

  const submit = useCallback(
    async (auto: boolean): Promise<void> => {
      setSubmitting(true);
      setProblem(null);
      const settled = await settle();
      if (settled === 'unsent') {
        if (!live.current) return;
        setProblem(auto ? 'offline' : 'unsent');
        // At time zero, keep the answers and try again: the server takes them during its grace period.
        if (auto) retry.current = setTimeout(() => void submit(true), AUTO_RETRY_MS);
        else setSubmitting(false);
        return;
      }
      const late = settled === 'closed' ? unsent() : 0;
      try {
        const view = await studentApi.submit(assignmentId);
        // The server holds the attempt now: nothing of it stays on this (maybe shared) computer.
        await forget();
        if (live.current) onSubmitted(view, late);
      } catch (error) {
        if (!live.current) return;
        const offline = !statusOf(error);
        setProblem(offline ? 'offline' : 'failed');
        if (auto && offline) retry.current = setTimeout(() => void submit(true), AUTO_RETRY_MS);
        else setSubmitting(false);
      }
    },
    [assignmentId, settle, unsent, forget, onSubmitted],
  );

  return { submit, submitting, problem };
}
