import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RecordingKeeper } from '../../media';
import type { AnswersSaved, AttemptView } from '../api';
import { studentApi } from '../api';
import { AnswerQueue, type AnswerStore, type SyncStatus } from '../sync/answerQueue';
import { browserAnswerStore, browserRecordingStore } from '../sync/idbStore';
import { forgetFlags } from '../sync/flagsStore';
import { keepLive } from '../sync/localWork';
import { bindPageEvents } from '../sync/pageEvents';
import { RecordingQueue, type RecordingStore } from '../sync/recordingQueue';

export interface AnswerSync {
  /** The answers to show, by question id; null until the local and server answers are merged. */
  answers: Record<number, unknown> | null;
  /** Answers and recordings together: saved only when the server holds both. */
  status: SyncStatus;
  change: (questionId: number, answer: unknown) => void;
  /** Where spoken answers' recordings go: kept on this computer, uploaded, then answered. */
  keeper: RecordingKeeper;
  /** Sends everything pending: 'saved' when the server holds every answer, else why not. */
  settle: () => Promise<'saved' | 'unsent' | 'closed'>;
  /** Answers and recordings kept here that the server has not taken. */
  unsent: () => number;
  /** Stops, and forgets the attempt's answers, recordings and flags on this computer (it was submitted). */
  forget: () => Promise<void>;
}

export interface SyncStores {
  answers?: AnswerStore;
  recordings?: RecordingStore;
}

/** The more pressing of two statuses: a closed attempt, then a failure, then work under way. */
const ORDER: SyncStatus[] = ['closed', 'rejected', 'unkept', 'offline', 'retrying', 'saving', 'saved'];
const worse = (a: SyncStatus, b: SyncStatus) => (ORDER.indexOf(a) <= ORDER.indexOf(b) ? a : b);

/**
 * Binds an attempt to its answer and recording queues: local first, then to the server.
 * `onContact`: told of every batch the server took, with the attempt's deadline as it stands.
 */
export function useAnswerSync(
  attempt: AttemptView,
  stores: SyncStores = {},
  onContact?: (saved: AnswersSaved) => void,
): AnswerSync {
  const [answers, setAnswers] = useState<Record<number, unknown> | null>(null);
  const [answerStatus, setAnswerStatus] = useState<SyncStatus>('saved');
  const [recordingStatus, setRecordingStatus] = useState<SyncStatus>('saved');
  const queue = useRef<AnswerQueue | null>(null);
  const recordings = useRef<RecordingQueue | null>(null);
  const { id: attemptId, assignment_id: assignmentId } = attempt;
  // The server's answers as first loaded; later views of the same attempt must not re-merge.
  const serverAnswers = useRef(attempt.answers);
  const { answers: answerStore, recordings: recordingStore } = stores;
  const contact = useRef(onContact);
  useEffect(() => {
    contact.current = onContact;
  }, [onContact]);

  const change = useCallback((questionId: number, answer: unknown) => {
    setAnswers((previous) => ({ ...previous, [questionId]: answer }));
    void queue.current?.change(questionId, answer);
  }, []);

  useEffect(() => {
    const current = new AnswerQueue({
      attemptId,
      store: answerStore ?? browserAnswerStore(),
      send: async (batch, { keepalive }) => {
        const saved = await studentApi.saveAnswers(assignmentId, attemptId, batch, keepalive);
        contact.current?.(saved);
        return saved.saved;
      },
      onStatus: setAnswerStatus,
    });
    const spoken = new RecordingQueue({
      attemptId,
      store: recordingStore ?? browserRecordingStore(),
      upload: (recording) => studentApi.uploadRecording(recording),
      onUploaded: async (questionId, answer) => {
        setAnswers((previous) => ({ ...previous, [questionId]: answer }));
        await current.change(questionId, answer);
      },
      onStatus: setRecordingStatus,
    });
    queue.current = current;
    recordings.current = spoken;
    let live = true;
    // Shown once both are read, so a recording kept by an earlier page is there from the first render.
    void Promise.all([current.load(serverAnswers.current), spoken.load()]).then(([merged]) => {
      if (live) setAnswers(Object.fromEntries(merged));
    });
    const unbind = bindPageEvents(current);
    const onOnline = () => spoken.retryNow();
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      unbind();
      window.removeEventListener('online', onOnline);
      void current.flush({ keepalive: true });
      current.dispose();
      spoken.dispose();
    };
  }, [attemptId, assignmentId, answerStore, recordingStore]);

  const keeper = useMemo<RecordingKeeper>(
    () => ({
      keep: async (questionId, label, blob, seconds) =>
        (await recordings.current?.keep(questionId, label, blob, seconds)) ?? URL.createObjectURL(blob),
      waitingUrl: (questionId) => recordings.current?.waitingUrl(questionId) ?? null,
    }),
    // A new status may mean a recording has left the waiting list: consumers read it again.
    [recordingStatus],
  );

  // 'closed': the server takes no more answers (its deadline and grace are over).
  const settle = useCallback(async (): Promise<'saved' | 'unsent' | 'closed'> => {
    const current = queue.current;
    if (!current) return 'unsent';
    const uploaded = (await recordings.current?.settle()) ?? true;
    if ((await current.settle()) && uploaded) return 'saved';
    return current.status() === 'closed' ? 'closed' : 'unsent';
  }, []);

  const unsent = useCallback(
    () => (queue.current?.pending().length ?? 0) + (recordings.current?.pendingCount() ?? 0),
    [],
  );

  const forget = useCallback(async () => {
    await Promise.all([queue.current?.forget(), recordings.current?.forget()]);
    forgetFlags(attemptId);
  }, [attemptId]);

  // A sign-out from the header sends what it can first, or forgets it once the student agrees.
  useEffect(() => keepLive({ settle, forget }), [settle, forget]);

  return { answers, status: worse(answerStatus, recordingStatus), change, keeper, settle, unsent, forget };
}
