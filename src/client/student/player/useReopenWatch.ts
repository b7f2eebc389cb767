import { useEffect } from 'react';
import { studentApi, type AttemptView } from '../api';
import { HEARTBEAT_MS } from './useLiveAttempt';

/**
 * While a submitted (non-practice) attempt's result is on screen, asks every few seconds whether a
 * supervisor reopened it (after a crash, say), and brings the player back without a reload.
 */
export function useReopenWatch(attempt: AttemptView | null, onReopened: (view: AttemptView) => void): void {
  // Once its results are released it cannot be reopened: nothing to watch for.
  const watching = attempt?.status === 'submitted' && !attempt.exam.is_mock && !attempt.result?.released;
  const assignmentId = attempt?.assignment_id;
  const attemptId = attempt?.id;
  useEffect(() => {
    if (!watching || assignmentId === undefined || attemptId === undefined) return;
    let live = true;
    const timer = setInterval(() => {
      void studentApi
        .heartbeat(assignmentId, attemptId, 0)
        .then(async (answer) => {
          if (answer.status !== 'in_progress' || answer.attempt_id !== attemptId) return;
          const view = await studentApi.attempt(assignmentId);
          if (live && view.status === 'in_progress') onReopened(view);
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [watching, assignmentId, attemptId, onReopened]);
}
