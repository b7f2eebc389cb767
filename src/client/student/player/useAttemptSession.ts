import { useCallback, useEffect, useRef } from 'react';
import { studentApi, type AttemptView } from '../api';
import { useAnswerSync, type SyncStores } from './useAnswerSync';
import { useLiveAttempt } from './useLiveAttempt';
import { useSessionKeepAlive } from './useSessionKeepAlive';
import { useSubmission } from './useSubmission';

/**
 * A running attempt's session, the same for every player (fixed form or adaptive): its answers kept
 * here and sent (the answer queue), kept in step with the server (the heartbeat: a supervisor's
 * submission or reset, an extension), the session kept alive, and the submission, at time zero too.
 */
export function useAttemptSession(
  attempt: AttemptView,
  stores: SyncStores | undefined,
  onSubmitted: (view: AttemptView, lateAnswers: number) => void,
  onReset: () => void,
) {
  const unsent = useRef<() => number>(() => 0);
  const closed = useRef(false);
  // Closed by the server (a supervisor, or the clock while this computer was away): its result.
  const close = () => {
    if (closed.current) return;
    closed.current = true;
    void (async () => {
      const late = sync.unsent();
      const view = await studentApi.attempt(attempt.assignment_id);
      await sync.forget();
      onSubmitted(view, late);
    })().catch(() => {
      closed.current = false;
    });
  };
  const live = useLiveAttempt(attempt, () => unsent.current(), {
    onClosed: close,
    onReset: () => {
      if (closed.current) return;
      closed.current = true;
      void sync.forget().finally(onReset);
    },
  });
  const sync = useAnswerSync(attempt, stores, live.onContact);
  useEffect(() => {
    unsent.current = sync.unsent;
  }, [sync.unsent]);
  useSessionKeepAlive();
  const submission = useSubmission(attempt.assignment_id, sync, onSubmitted);
  const { beat } = live;
  const { submit } = submission;
  // At zero, ask the server first: a supervisor may have just given more time.
  const expire = useCallback(() => {
    void beat().then((answer) => {
      if (answer && answer.status !== 'in_progress') return; // closed or reset: already handled
      if (answer?.deadline_at && Date.parse(answer.deadline_at) > Date.parse(answer.server_time)) return;
      void submit(true);
    });
  }, [beat, submit]);
  return { live, sync, ...submission, expire, close };
}
