/**
 * Spoken answers that have not reached the server: the recording is kept on this computer first
 * (IndexedDB, with the answer's question), then uploaded, retried with backoff while the
 * connection is down, and only then handed to the answer queue as `{media, duration_seconds}`.
 * A reload finds what was kept and uploads it. Framework-free, like the answer queue.
 */
import { failureOf, type SyncStatus } from './answerQueue';

/** A recording as this computer keeps it until its upload succeeds. */
export interface LocalRecording {
  attempt_id: number;
  question_id: number;
  /** The upload label (`exams/questions/{questionId}/audio_responses`). */
  label: string;
  blob: Blob;
  duration_seconds: number;
}

export interface RecordingStore {
  list(attemptId: number): Promise<LocalRecording[]>;
  put(recording: LocalRecording): Promise<void>;
  remove(attemptId: number, questionId: number): Promise<void>;
  /** Forgets an attempt's recordings (it was submitted, or the student signed out). */
  removeAttempt(attemptId: number): Promise<void>;
}

/** Uploads one recording: the stored reference; rejects with an error carrying `status`. */
export type UploadRecording = (recording: LocalRecording) => Promise<string>;

/** The answer a spoken question gets once its recording is on the server. */
export interface SpokenAnswer {
  media: string;
  duration_seconds: number;
}

export interface RecordingQueueOptions {
  attemptId: number;
  store: RecordingStore;
  upload: UploadRecording;
  /** The upload is done: the answer goes to the answer queue (resolves once it is kept there). */
  onUploaded: (questionId: number, answer: SpokenAnswer) => Promise<void> | void;
  onStatus?: (status: SyncStatus) => void;
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** Object URLs for playback (tests pass a stub). */
  urlOf?: (blob: Blob) => string;
}

interface Waiting {
  recording: LocalRecording;
  url: string;
  /** The recording this one replaced while its upload ran: its result is dropped. */
  version: number;
}

export class RecordingQueue {
  private readonly waiting = new Map<number, Waiting>();
  private failure: Exclude<SyncStatus, 'saved' | 'saving'> | null = null;
  private uploading: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay: number;
  private disposed = false;
  private version = 0;
  private lastStatus: SyncStatus | null = null;

  constructor(private readonly options: RecordingQueueOptions) {
    this.retryDelay = options.retryInitialMs ?? 1000;
  }

  /** Reads the recordings a previous page kept and starts uploading them. */
  async load(): Promise<void> {
    const kept = await this.safely(() => this.options.store.list(this.options.attemptId), []);
    for (const recording of kept)
      if (!this.waiting.has(recording.question_id))
        this.waiting.set(recording.question_id, {
          recording,
          url: this.urlOf(recording.blob),
          version: ++this.version,
        });
    this.report();
    if (this.waiting.size > 0) void this.uploadAll();
  }

  /** A finished recording: kept here at once, uploaded as soon as possible. Resolves with its playback address. */
  async keep(questionId: number, label: string, blob: Blob, durationSeconds: number): Promise<string> {
    const recording: LocalRecording = {
      attempt_id: this.options.attemptId,
      question_id: questionId,
      label,
      blob,
      duration_seconds: durationSeconds,
    };
    const url = this.urlOf(blob);
    this.waiting.set(questionId, { recording, url, version: ++this.version });
    if (this.failure === 'rejected') this.failure = null;
    this.report();
    await this.safely(() => this.options.store.put(recording), undefined);
    void this.uploadAll();
    return url;
  }

  /** The local playback address of a question's recording still waiting for its upload. */
  waitingUrl(questionId: number): string | null {
    return this.waiting.get(questionId)?.url ?? null;
  }

  pendingCount(): number {
    return this.waiting.size;
  }

  status(): SyncStatus {
    if (this.waiting.size === 0) return 'saved';
    return this.failure ?? 'saving';
  }

  /** The connection is back: try now. */
  retryNow(): void {
    if (this.failure !== 'offline' && this.failure !== 'retrying') return;
    this.retryDelay = this.options.retryInitialMs ?? 1000;
    void this.uploadAll();
  }

  /** Uploads everything waiting; true when nothing is left. */
  async settle(): Promise<boolean> {
    if (this.waiting.size > 0) await this.uploadAll();
    while (this.uploading) await this.uploading;
    return this.waiting.size === 0;
  }

  dispose(): void {
    this.disposed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Stops, and forgets this attempt's recordings on this computer (the attempt was submitted). */
  async forget(): Promise<void> {
    this.dispose();
    for (const { url } of this.waiting.values()) if (!this.options.urlOf) URL.revokeObjectURL(url);
    this.waiting.clear();
    if (this.uploading) await this.uploading.catch(() => undefined);
    await this.safely(() => this.options.store.removeAttempt(this.options.attemptId), undefined);
  }

  private uploadAll(): Promise<void> {
    if (this.uploading) return this.uploading;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.uploading = this.run().finally(() => {
      this.uploading = null;
      this.report();
      if (!this.disposed && (this.failure === 'offline' || this.failure === 'retrying')) this.scheduleRetry();
    });
    this.report();
    return this.uploading;
  }

  private async run(): Promise<void> {
    let refused = false;
    for (const [questionId, entry] of [...this.waiting]) {
      if (this.disposed) return;
      let media: string;
      try {
        media = await this.options.upload(entry.recording);
      } catch (error) {
        const failure = failureOf(error);
        // A refused file stays kept (and reported); the others still go.
        if (failure === 'rejected') {
          refused = true;
          continue;
        }
        this.failure = failure;
        return;
      }
      // The page is going away: the kept copy stays for the next one, which sends it again.
      if (this.disposed) return;
      this.failure = null;
      this.retryDelay = this.options.retryInitialMs ?? 1000;
      // Recorded again while this one was uploading: the newer one is sent next.
      if (this.waiting.get(questionId)?.version !== entry.version) continue;
      this.waiting.delete(questionId);
      // Forgotten here only once the answer is kept by the answer queue.
      await this.safely(
        async () => this.options.onUploaded(questionId, { media, duration_seconds: entry.recording.duration_seconds }),
        undefined,
      );
      await this.safely(() => this.options.store.remove(this.options.attemptId, questionId), undefined);
    }
    if (refused) this.failure = 'rejected';
    else if (this.waiting.size > 0 && !this.failure) return this.run();
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.options.retryMaxMs ?? 30_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.uploadAll();
    }, delay);
  }

  private urlOf(blob: Blob): string {
    return (this.options.urlOf ?? ((b: Blob) => URL.createObjectURL(b)))(blob);
  }

  private report(): void {
    const status = this.uploading && this.waiting.size > 0 && !this.failure ? 'saving' : this.status();
    if (status === this.lastStatus) return;
    this.lastStatus = status;
    this.options.onStatus?.(status);
  }

  private async safely<T>(run: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await run();
    } catch {
      return fallback;
    }
  }
}
