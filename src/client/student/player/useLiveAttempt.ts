import { useCallback, useEffect, useRef, useState } from 'react';
import { studentApi, type AnswersSaved, type AttemptView, type HeartbeatAnswer } from '../api';

/** Under the 10 s within which a supervisor's intervention must reach the player (issue 26). */
export const HEARTBEAT_MS = 8000;

/** The attempt's clock as the server last told it: a supervisor may extend it at any time. */
export interface LiveClock {
  deadline: string;
  serverTime: string;
  extraSeconds: number;
}

export interface LiveAttemptHandlers {
  /** The server closed it: a supervisor submitted it, or its time ran out elsewhere. */
  onClosed: () => void;
  /** A supervisor reset it (the attempt is gone, or another one runs). */
  onReset: () => void;
}

/**
 * Keeps a running player in step with the server without a reload: every few seconds that no save
 * went through, a light heartbeat tells the monitor this computer is online and how many answers
 * it keeps unsent, and answers the attempt as it stands; a save's answer serves as well. `unsent`
 * is read at each beat.
 */
export function useLiveAttempt(attempt: AttemptView, unsent: () => number, handlers: LiveAttemptHandlers) {
  const [clock, setClock] = useState<LiveClock>({
    deadline: attempt.deadline_at,
    serverTime: attempt.server_time,
    extraSeconds: attempt.extra_seconds,
  });
  const lastContact = useRef(Date.now());
  const latest = useRef({ unsent, handlers });
  useEffect(() => {
    latest.current = { unsent, handlers };
  });
  const take = useCallback((deadline: string, serverTime: string, extraSeconds: number) => {
    lastContact.current = Date.now();
    setClock((before) =>
      before.deadline === deadline && before.extraSeconds === extraSeconds
        ? before
        : { deadline, serverTime, extraSeconds },
    );
  }, []);
  const onContact = useCallback(
    (saved: AnswersSaved) => take(saved.deadline_at, saved.server_time, saved.extra_seconds),
    [take],
  );
  const { id: attemptId, assignment_id: assignmentId } = attempt;

  /** One heartbeat now; null when it did not get through (offline: the saves say so already). */
  const beat = useCallback(async (): Promise<HeartbeatAnswer | null> => {
    let answer: HeartbeatAnswer;
    try {
      answer = await studentApi.heartbeat(assignmentId, attemptId, latest.current.unsent());
    } catch {
      return null;
    }
    if (answer.attempt_id !== attemptId || answer.status === 'none') latest.current.handlers.onReset();
    else if (answer.status === 'submitted') latest.current.handlers.onClosed();
    else if (answer.deadline_at) take(answer.deadline_at, answer.server_time, answer.extra_seconds);
    return answer;
  }, [assignmentId, attemptId, take]);

  // Looked at every second, so the beat comes HEARTBEAT_MS after the last word from the server
  // (a save's answer or a beat's), whenever that was: a supervisor's change is felt within 10 s.
  useEffect(() => {
    let beating = false;
    const timer = setInterval(() => {
      if (beating || Date.now() - lastContact.current < HEARTBEAT_MS) return;
      beating = true;
      lastContact.current = Date.now();
      void beat().finally(() => (beating = false));
    }, 1000);
    return () => clearInterval(timer);
  }, [beat]);

  return { clock, onContact, beat };
}
