import { useCallback, useEffect, useRef, useState } from 'react';
import { statusOf } from '../../providers/errors';
import { studentApi, type AdaptiveNext, type AttemptView } from '../api';

/** How long to wait before asking for the next question again while offline. */
const RETRY_MS = 5000;

export type AdaptiveProblem = 'waiting' | 'failed' | null;

/**
 * An adaptive attempt's questions as the server gives them (issue 43): the student confirms the
 * question they are on, its answer reaches the server first through the answer queue (kept on this
 * computer while offline), then the next question comes with the acknowledgement. Offline, it says
 * so and tries again every few seconds and when the connection returns; the clock goes on.
 */
export function useAdaptiveTest(
  attempt: AttemptView,
  sync: { settle: () => Promise<'saved' | 'unsent' | 'closed'>; answers: Record<number, unknown> | null },
  onContact: (saved: AdaptiveNext) => void,
  onClosed: () => void,
) {
  const [questions, setQuestions] = useState(attempt.questions);
  const [finished, setFinished] = useState(attempt.adaptive?.finished ?? false);
  const [answered, setAnswered] = useState(attempt.adaptive?.answered ?? 0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AdaptiveProblem>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useRef(true);
  const answers = useRef(sync.answers);
  answers.current = sync.answers;
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      if (retry.current) clearTimeout(retry.current);
    };
  }, []);

  const current = finished ? null : (questions.at(-1) ?? null);
  const confirm = useCallback(async (): Promise<void> => {
    if (!current) return;
    if (retry.current) clearTimeout(retry.current);
    setBusy(true);
    setProblem(null);
    const again = () => {
      setProblem('waiting');
      retry.current = setTimeout(() => void confirm(), RETRY_MS);
    };
    const settled = await sync.settle();
    if (!live.current) return;
    if (settled === 'closed') return onClosed();
    if (settled === 'unsent') return again();
    try {
      const next = await studentApi.next(attempt.assignment_id, attempt.id, current.id, answers.current?.[current.id]);
      if (!live.current) return;
      onContact(next);
      setAnswered(next.adaptive.answered);
      if (next.adaptive.finished || !next.adaptive.question) setFinished(true);
      else {
        const question = next.adaptive.question;
        setQuestions((shown) => (shown.some((q) => q.id === question.id) ? shown : [...shown, question]));
      }
      setBusy(false);
    } catch (error) {
      if (!live.current) return;
      const status = statusOf(error);
      if (!status) return again();
      if (status === 418) return onClosed();
      setProblem('failed');
      setBusy(false);
    }
  }, [attempt.assignment_id, attempt.id, current, sync, onContact, onClosed]);

  // Back online: ask at once rather than at the next retry.
  useEffect(() => {
    if (problem !== 'waiting') return;
    const onOnline = () => void confirm();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [problem, confirm]);

  return { questions, current, finished, answered, busy, problem, confirm };
}
