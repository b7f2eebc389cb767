import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PdfDocument } from './typst-render';

export interface PdfPoolOptions {
  /** Worker processes (default `PDF_WORKERS`, else the cores, at most 4). */
  size?: number;
  /** Documents a worker renders before it is replaced (default `PDF_RECYCLE_AFTER`, else 300). */
  recycleAfter?: number;
  /** A document taking longer than this kills its worker (default 60 s); so does a start taking longer. */
  timeoutMs?: number;
  /** The worker module (default `pdf-worker.ts` beside this file); tests give one that cannot start. */
  workerFile?: string;
}

export interface PdfPoolStats {
  /** Workers running now, and their process ids. */
  workers: number;
  pids: number[];
  /** Workers started since the pool was made (recycled and crashed ones are replaced). */
  spawned: number;
  rendered: number;
  queued: number;
}

export interface PdfPool {
  render(doc: PdfDocument): Promise<Uint8Array>;
  stats(): PdfPoolStats;
  /** Stops every worker; documents still waiting are refused. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  doc: PdfDocument;
  resolve(pdf: Uint8Array): void;
  reject(error: Error): void;
}

interface Worker {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  rendered: number;
  timedOut: boolean;
}

const WORKER_FILE = fileURLToPath(new URL('./pdf-worker.ts', import.meta.url));
/** Workers in a row that die before they are ready: then the documents waiting are refused. */
const START_ATTEMPTS = 3;
/** The project's root, where `--import tsx` is resolved from. */
const ROOT = path.resolve(path.dirname(WORKER_FILE), '../../..');

const envNumber = (name: string) => Number.parseInt(process.env[name] ?? '', 10) || undefined;

/**
 * A pool of PDF worker processes (STACK-NOTES: compile in worker processes that are recycled).
 * Workers start on the first document; each renders one document at a time; a worker that exits or
 * times out fails only its own document and is replaced; every `recycleAfter` documents a worker is
 * retired and a fresh one takes its place, so Typst's slowly growing memory is given back.
 */
export function createPdfPool(options: PdfPoolOptions = {}): PdfPool {
  const size = Math.max(1, options.size ?? envNumber('PDF_WORKERS') ?? Math.min(4, os.availableParallelism()));
  const recycleAfter = Math.max(1, options.recycleAfter ?? envNumber('PDF_RECYCLE_AFTER') ?? 300);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const workerFile = options.workerFile ?? WORKER_FILE;
  const workers = new Set<Worker>();
  const queue: Job[] = [];
  let nextId = 1;
  let spawned = 0;
  let rendered = 0;
  let closed = false;
  let failedStarts = 0;

  const finish = (worker: Worker) => {
    if (worker.timer) clearTimeout(worker.timer);
    worker.timer = null;
    const job = worker.job;
    worker.job = null;
    return job;
  };

  const retire = (worker: Worker) => {
    workers.delete(worker);
    worker.child.removeAllListeners('message');
    if (worker.child.connected) worker.child.disconnect();
    worker.child.kill();
  };

  const spawn = () => {
    const child = fork(workerFile, [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    spawned++;
    // A worker that hangs while starting is killed too (given at least 30 s: a busy machine is slow to start).
    const startTimer = setTimeout(() => child.kill('SIGKILL'), Math.max(timeoutMs, 30_000));
    const worker: Worker = { child, ready: false, job: null, timer: startTimer, rendered: 0, timedOut: false };
    workers.add(worker);
    child.on('message', (message: { ready?: boolean; id?: number; pdf?: Uint8Array; error?: string }) => {
      if (message.ready) {
        finish(worker);
        worker.ready = true;
        failedStarts = 0;
        return dispatch();
      }
      const job = finish(worker);
      if (!job || job.id !== message.id) return;
      if (message.error !== undefined) job.reject(new Error(message.error));
      else {
        rendered++;
        job.resolve(message.pdf!);
      }
      if (++worker.rendered >= recycleAfter) retire(worker);
      dispatch();
    });
    child.on('exit', (code, signal) => {
      const wasOurs = workers.delete(worker);
      const job = finish(worker);
      const why = worker.timedOut ? `past ${timeoutMs} ms` : (signal ?? `exit code ${code}`);
      job?.reject(new Error(`PDF worker stopped (${why}) while rendering`));
      if (!wasOurs || closed) return;
      // A worker that cannot start (a missing module, fonts or template) would be replaced forever
      // while the documents wait: after a few in a row, they are refused instead.
      if (!worker.ready && ++failedStarts >= START_ATTEMPTS && ![...workers].some((w) => w.ready)) {
        failedStarts = 0;
        for (const waiting of queue.splice(0))
          waiting.reject(new Error(`PDF worker could not start (${signal ?? `exit code ${code}`})`));
      }
      dispatch();
    });
    child.on('error', () => undefined); // 'exit' follows and settles its document
  };

  function dispatch() {
    if (closed) return;
    for (const worker of workers) {
      if (queue.length === 0) break;
      if (!worker.ready || worker.job) continue;
      const job = queue.shift()!;
      worker.job = job;
      worker.timer = setTimeout(() => {
        worker.timedOut = true;
        worker.child.kill('SIGKILL');
      }, timeoutMs);
      worker.child.send({ id: job.id, doc: job.doc });
    }
    // Start workers (up to the size) while documents wait for one.
    const idle = [...workers].filter((w) => !w.job).length;
    for (let missing = Math.min(size - workers.size, queue.length - idle); missing > 0; missing--) spawn();
  }

  return {
    render(doc) {
      if (closed) return Promise.reject(new Error('PDF pool closed'));
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push({ id: nextId++, doc, resolve, reject });
        dispatch();
      });
    },
    stats: () => ({
      workers: workers.size,
      pids: [...workers].map((w) => w.child.pid!).filter(Boolean),
      spawned,
      rendered,
      queued: queue.length,
    }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('PDF pool closed'));
      const exits = [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
            worker.child.once('exit', () => resolve());
          }),
      );
      for (const worker of [...workers]) {
        finish(worker)?.reject(new Error('PDF pool closed'));
        retire(worker);
      }
      await Promise.all(exits);
    },
  };
}
