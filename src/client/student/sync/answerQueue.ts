/**
 * The student's answers, never lost: every change is written to a local store first (with its
 * per-question `seq`), then sent in batches to `PUT /answers`. Framework-free so it can be tested
 * without React; the player binds it to the page's events (see pageEvents.ts).
 */
import {
  failureOf,
  KEEPALIVE_BATCH_BYTES,
  MAX_BATCH_BYTES,
  nextBatch,
  type Failure,
  type OutgoingAnswer,
  type SyncStatus,
} from './batching';

export type { OutgoingAnswer, SyncStatus } from './batching';

/** One answer as this computer holds it; `synced_seq` is the highest seq the server acknowledged. */
export interface LocalAnswer {
  attempt_id: number;
  question_id: number;
  answer: unknown;
  seq: number;
  synced_seq: number;
}

/** Where answers are kept on this computer (IndexedDB in the browser, a Map in tests). */
export interface AnswerStore {
  list(attemptId: number): Promise<LocalAnswer[]>;
  put(answer: LocalAnswer): Promise<void>;
  /** Forgets an attempt's answers (it was submitted, or the student signed out). */
  removeAttempt(attemptId: number): Promise<void>;
}

export interface SavedAnswer {
  question_id: number;
  seq: number;
}

/** Sends one batch; resolves with the seqs the server holds, rejects with an error carrying `status`. */
export type SendAnswers = (answers: OutgoingAnswer[], options: { keepalive: boolean }) => Promise<SavedAnswer[]>;

export interface AnswerQueueOptions {
  attemptId: number;
  store: AnswerStore;
  send: SendAnswers;
  /** Longest wait between a change and its batch. */
  debounceMs?: number;
  retryInitialMs?: number;
  retryMaxMs?: number;
  onStatus?: (status: SyncStatus) => void;
}

/** The server's answers as the attempt view gives them: by question id, with their seq. */
export type ServerAnswers = Record<string, { answer: unknown; seq: number }>;

export { failureOf, KEEPALIVE_BATCH_BYTES, MAX_BATCH, MAX_BATCH_BYTES, nextBatch } from './batching';

export class AnswerQueue {
  private readonly answers = new Map<number, LocalAnswer>();
  private readonly debounceMs: number;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  /** Writes to the local store under way: a forget waits for them, so none brings a row back. */
  private readonly writing = new Set<Promise<void>>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay: number;
  private inFlight: Promise<void> | null = null;
  private flushAgain = false;
  private failure: Failure | null = null;
  /** Questions whose latest answer this computer could not keep (its store refused the write). */
  private readonly unkept = new Set<number>();
  private disposed = false;
  private lastStatus: SyncStatus | null = null;

  constructor(private readonly options: AnswerQueueOptions) {
    this.debounceMs = options.debounceMs ?? 2000;
    this.retryInitialMs = options.retryInitialMs ?? 1000;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
    this.retryDelay = this.retryInitialMs;
  }

  /**
   * Merges what this computer holds with what the server holds (the higher seq wins), keeps the
   * result locally and sends at once whatever the server has not acknowledged. Resolves with the
   * answers to show, by question id.
   */
  async load(server: ServerAnswers): Promise<Map<number, unknown>> {
    const listed = await this.safely(() => this.options.store.list(this.options.attemptId), null);
    const local = listed ?? [];
    for (const [id, saved] of Object.entries(server)) {
      const question_id = Number(id);
      this.answers.set(question_id, {
        attempt_id: this.options.attemptId,
        question_id,
        answer: saved.answer,
        seq: saved.seq,
        synced_seq: saved.seq,
      });
    }
    for (const entry of local) {
      const held = this.answers.get(entry.question_id);
      if (held && held.seq >= entry.seq) continue;
      this.answers.set(entry.question_id, { ...entry, synced_seq: held?.seq ?? 0 });
    }
    // What the store holds could not be read (its key out of reach): nothing is written over it, so
    // an answer it keeps unsent stays for the next page (sealedStore.ts).
    if (listed) await Promise.all([...this.answers.values()].map((entry) => this.persist(entry)));
    this.report();
    if (this.pending().length > 0) void this.flush();
    return new Map([...this.answers].map(([id, entry]) => [id, entry.answer]));
  }

  /** Records a change: kept locally at once, sent within `debounceMs`. */
  async change(questionId: number, answer: unknown): Promise<void> {
    if (this.disposed) return;
    const held = this.answers.get(questionId);
    const entry: LocalAnswer = {
      attempt_id: this.options.attemptId,
      question_id: questionId,
      answer,
      // Past whatever the server holds too: another tab may have moved this question's seq on.
      seq: Math.max(held?.seq ?? 0, held?.synced_seq ?? 0) + 1,
      synced_seq: held?.synced_seq ?? 0,
    };
    this.answers.set(questionId, entry);
    // A refused batch is tried again once the student changes an answer.
    if (this.failure === 'rejected') this.failure = null;
    this.report();
    await this.persist(entry);
    this.schedule();
  }

  /** Answers the server has not acknowledged yet. */
  pending(): OutgoingAnswer[] {
    return [...this.answers.values()]
      .filter((entry) => entry.seq > entry.synced_seq)
      .map(({ question_id, answer, seq }) => ({ question_id, answer, seq }));
  }

  status(): SyncStatus {
    if (this.failure === 'closed') return 'closed';
    // Waiting for the server with answers the computer could not keep: closing the tab loses them.
    const waiting = this.failure === 'offline' || this.failure === 'retrying';
    if (waiting && this.pending().some((answer) => this.unkept.has(answer.question_id))) return 'unkept';
    if (this.pending().length === 0 && !this.inFlight) return 'saved';
    return this.failure ?? 'saving';
  }

  /**
   * Sends what is pending now. With `keepalive` (the page is being hidden or left) the request is
   * sent even while another is on its way, so the browser can finish it after the page is gone.
   */
  flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    this.clearTimer('debounce');
    if (this.disposed || this.failure === 'closed') return Promise.resolve();
    if (this.inFlight && !keepalive) {
      this.flushAgain = true;
      return this.inFlight;
    }
    const pending = this.pending();
    const batch = nextBatch(pending, keepalive ? KEEPALIVE_BATCH_BYTES : MAX_BATCH_BYTES);
    if (batch.length === 0) return this.inFlight ?? Promise.resolve();
    // What did not fit goes in the next batch at once, not after the debounce.
    if (batch.length < pending.length) this.flushAgain = true;
    this.clearTimer('retry');
    const sending = this.send(batch, keepalive);
    if (!this.inFlight) {
      this.inFlight = sending.finally(() => {
        this.inFlight = null;
        this.afterSend();
      });
      this.report();
      return this.inFlight;
    }
    return sending;
  }

  /** The connection is back: try now instead of waiting for the next retry. */
  retryNow(): void {
    if (this.failure !== 'offline' && this.failure !== 'retrying') return;
    this.retryDelay = this.retryInitialMs;
    void this.flush();
  }

  /**
   * Sends everything and waits until nothing is pending or a send fails; true when all is saved.
   * Either way the local writes under way are over when it resolves, so whoever counts what this
   * computer holds next (the sign-out's warning) counts the answer just given too.
   */
  async settle(): Promise<boolean> {
    for (;;) {
      if (this.disposed) return this.pending().length === 0;
      await this.flush();
      while (this.inFlight) await this.inFlight;
      if (this.pending().length === 0 || this.failure) {
        await this.written();
        return this.pending().length === 0;
      }
    }
  }

  private async written(): Promise<void> {
    while (this.writing.size > 0) await Promise.all([...this.writing]);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer('debounce');
    this.clearTimer('retry');
  }

  /**
   * Stops, and forgets this attempt's answers on this computer once the server holds them all (the
   * attempt was submitted): after the local writes under way, so none brings one back.
   */
  async forget(): Promise<void> {
    this.dispose();
    await this.written();
    await this.safely(() => this.options.store.removeAttempt(this.options.attemptId), undefined);
  }

  private async send(batch: OutgoingAnswer[], keepalive: boolean): Promise<void> {
    try {
      const saved = await this.options.send(batch, { keepalive });
      this.failure = null;
      this.retryDelay = this.retryInitialMs;
      // Acknowledged at once; writing that down locally may finish later (a lost write only resends).
      for (const item of saved) this.acknowledge(item);
    } catch (error) {
      this.failure = failureOf(error);
      // A keepalive send is not the tracked one, whose end schedules the retry: schedule it here.
      if (keepalive && (this.failure === 'offline' || this.failure === 'retrying')) this.scheduleRetry();
    }
  }

  private acknowledge({ question_id, seq }: SavedAnswer): void {
    const entry = this.answers.get(question_id);
    if (!entry || seq <= entry.synced_seq) return;
    // It may be above this tab's seq (another tab moved on): the next change here goes above it.
    entry.synced_seq = seq;
    void this.persist(entry);
  }

  private afterSend(): void {
    if (this.disposed) return;
    const again = this.flushAgain;
    this.flushAgain = false;
    if (this.failure === 'offline' || this.failure === 'retrying') this.scheduleRetry();
    else if (!this.failure && this.pending().length > 0) {
      if (again) void this.flush();
      else this.schedule();
    }
    this.report();
  }

  private schedule(): void {
    if (this.disposed || this.debounceTimer || this.retryTimer || this.failure) return;
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      void this.flush();
    }, this.debounceMs);
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.retryMaxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }

  private clearTimer(which: 'debounce' | 'retry'): void {
    const timer = which === 'debounce' ? this.debounceTimer : this.retryTimer;
    if (timer) clearTimeout(timer);
    if (which === 'debounce') this.debounceTimer = null;
    else this.retryTimer = null;
  }

  private report(): void {
    const status = this.status();
    if (status === this.lastStatus) return;
    this.lastStatus = status;
    this.options.onStatus?.(status);
  }

  private persist(entry: LocalAnswer): Promise<void> {
    // Forgotten or going away: an acknowledgement need not be written down (at worst it is resent).
    if (this.disposed) return Promise.resolve();
    // A store that fails (private mode, full disk) must not stop the answer from being sent.
    const writing = Promise.resolve()
      .then(() => this.options.store.put({ ...entry }))
      .then(
        () => this.keptLocally(entry.question_id, true),
        () => this.keptLocally(entry.question_id, false),
      );
    this.writing.add(writing);
    void writing.finally(() => this.writing.delete(writing));
    return writing;
  }

  /** Whether a question's latest answer is kept here; until it is (or the server takes it), `unkept`. */
  private keptLocally(questionId: number, kept: boolean) {
    if (this.unkept.has(questionId) === !kept) return;
    if (kept) this.unkept.delete(questionId);
    else this.unkept.add(questionId);
    this.report();
  }

  private async safely<T>(run: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await run();
    } catch {
      return fallback;
    }
  }
}
