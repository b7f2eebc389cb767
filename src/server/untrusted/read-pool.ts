import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { turnstile } from '../http/turnstile';
import type { ReadOutcome } from './reader-thread';

/** What reading one untrusted file may cost (`IMPORT_READ_MEMORY_MB`, `IMPORT_READ_SECONDS`, `IMPORT_READ_THREADS`). */
export interface ReadLimits {
  /** The reading thread's heap (V8's old generation), in megabytes. */
  memoryMb: number;
  /** Seconds one file may take to read. */
  seconds: number;
  /** Files read at once, each on a thread of its own; more wait their turn. */
  threads: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  memoryMb: 768,
  seconds: 60,
  threads: Math.max(1, Math.floor(availableParallelism() / 2)),
};

/** A file that would take more memory or time to read than `ReadLimits` allow. */
export class ReadLimitCrossed extends Error {
  constructor(
    readonly limit: 'memory' | 'time',
    readonly value: number,
  ) {
    super(`reading the file passed its ${limit} limit (${value})`);
  }
}

/** A reader's own refusal (a `RosterFileRefused` or an `InterchangeFileRefused`), as the worker sent it. */
export class ReadRefused extends Error {
  constructor(
    readonly reason: string,
    readonly params: Record<string, string | number>,
    readonly failure?: string,
  ) {
    super(failure ?? reason);
  }
}

let limits = DEFAULT_READ_LIMITS;
let pool: Piscina<Uint8Array, ReadOutcome> | undefined;
let poolLimits: ReadLimits | undefined;

/** Sets the limits of the reads to come (the app does, from its configuration). */
export function setReadLimits(next: ReadLimits): void {
  if (JSON.stringify(next) !== JSON.stringify(limits)) limits = { ...next };
}

/**
 * The process's one pool of reading threads, shared by every import: made on first use and made
 * again when the limits change (the old one ends once its reads do). Its threads load the
 * TypeScript sources through tsx, as the server does, and stop when idle.
 */
function readPool(): Piscina<Uint8Array, ReadOutcome> {
  if (pool && poolLimits === limits) return pool;
  const previous = pool;
  pool = new Piscina<Uint8Array, ReadOutcome>({
    execArgv: ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: limits.threads,
    // turn() keeps the reads to the threads: the pool's own queue stays empty.
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  poolLimits = limits;
  void previous?.close();
  return pool;
}

/** Reads that may wait for a thread; past them an upload is answered 503 (try again shortly). */
const MAX_WAITING = 64;
/** Waits for a free thread (in arrival order) and answers the function that frees it again. */
const turn = turnstile(() => limits.threads, MAX_WAITING, 5);

/**
 * Reads an untrusted file on a thread of the pool, never on the event loop, with the reader of
 * `thread` (a feature's file whose default export is made by `readerThread`). A read that passes
 * the memory or time limit stops its thread and throws `ReadLimitCrossed`; the reader's refusal
 * throws `ReadRefused` with its reason and parameters; the server goes on serving either way.
 */
export async function readApart(thread: URL, bytes: Uint8Array): Promise<unknown> {
  const { memoryMb, seconds } = limits;
  // A read's time starts when a thread is free for it, not while it waits its turn.
  const release = await turn();
  let outcome: ReadOutcome;
  try {
    outcome = await readPool().run(bytes, { filename: thread.href, signal: AbortSignal.timeout(seconds * 1000) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ReadLimitCrossed('memory', memoryMb);
    if ((error as Error).name === 'AbortError' || code === 'ABORT_ERR') throw new ReadLimitCrossed('time', seconds);
    throw error;
  } finally {
    release();
  }
  if ('refused' in outcome) throw new ReadRefused(outcome.refused.reason, outcome.refused.params, outcome.failure);
  return outcome.file;
}
