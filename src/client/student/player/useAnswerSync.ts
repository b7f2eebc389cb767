import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttemptView } from '../api';
import { studentApi } from '../api';
import { AnswerQueue, type AnswerStore, type SyncStatus } from '../sync/answerQueue';
import { browserAnswerStore } from '../sync/idbStore';
import { bindPageEvents } from '../sync/pageEvents';

export interface AnswerSync {
  /** The answers to show, by question id; null until the local and server answers are merged. */
  answers: Record<number, unknown> | null;
  status: SyncStatus;
  change: (questionId: number, answer: unknown) => void;
  /** Sends everything pending: 'saved' when the server holds every answer, else why not. */
  settle: () => Promise<'saved' | 'unsent' | 'closed'>;
}

/** Binds an attempt to its answer queue: local first, then batches to the server. */
export function useAnswerSync(attempt: AttemptView, store?: AnswerStore): AnswerSync {
  const [answers, setAnswers] = useState<Record<number, unknown> | null>(null);
  const [status, setStatus] = useState<SyncStatus>('saved');
  const queue = useRef<AnswerQueue | null>(null);
  const { id: attemptId, assignment_id: assignmentId } = attempt;
  // The server's answers as first loaded; later views of the same attempt must not re-merge.
  const serverAnswers = useRef(attempt.answers);

  useEffect(() => {
    const current = new AnswerQueue({
      attemptId,
      store: store ?? browserAnswerStore(),
      send: (batch, { keepalive }) => studentApi.saveAnswers(assignmentId, batch, keepalive),
      onStatus: setStatus,
    });
    queue.current = current;
    let live = true;
    void current.load(serverAnswers.current).then((merged) => {
      if (live) setAnswers(Object.fromEntries(merged));
    });
    const unbind = bindPageEvents(current);
    return () => {
      live = false;
      unbind();
      void current.flush({ keepalive: true });
      current.dispose();
    };
  }, [attemptId, assignmentId, store]);

  const change = useCallback((questionId: number, answer: unknown) => {
    setAnswers((previous) => ({ ...previous, [questionId]: answer }));
    void queue.current?.change(questionId, answer);
  }, []);

  // 'closed': the server takes no more answers (its deadline and grace are over).
  const settle = useCallback(async (): Promise<'saved' | 'unsent' | 'closed'> => {
    const current = queue.current;
    if (!current) return 'unsent';
    if (await current.settle()) return 'saved';
    return current.status() === 'closed' ? 'closed' : 'unsent';
  }, []);

  return { answers, status, change, settle };
}
