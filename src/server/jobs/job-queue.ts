import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ExecuteSql } from '../db/database';

/** A handler for one queue: it gets each job's data; throwing retries the job later. */
export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * The application's job queue: pg-boss, stored in the application's own database (PostgreSQL, or
 * PGlite through its single connection), so a job waits through a server restart and runs once
 * however many server processes there are.
 */
export interface JobQueue {
  /**
   * Registers a queue and its handler; `every` (cron) also runs it on a schedule; `workers` jobs of
   * the queue run at once in this process (default 1).
   */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: { every?: string; workers?: number }): void;
  /**
   * Queues a job that runs no sooner than `afterSeconds` from now (the database's clock).
   * `onceWithinSeconds`: at most one job of this queue is queued per slot of that many seconds.
   */
  send(name: string, data: object, options?: { afterSeconds?: number; onceWithinSeconds?: number }): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Definition {
  name: string;
  handler: JobHandler<object>;
  every?: string;
  workers: number;
}

export const JOBS_SCHEMA = 'pgboss';

export function createJobQueue(options: {
  executeSql: ExecuteSql;
  pollSeconds: number;
  log: FastifyBaseLogger;
}): JobQueue {
  const definitions: Definition[] = [];
  let boss: PgBoss | null = null;
  return {
    define(name, handler, { every, workers = 1 } = {}) {
      definitions.push({ name, handler: handler as JobHandler<object>, every, workers: Math.max(1, workers) });
    },
    async send(name, data, { afterSeconds = 0, onceWithinSeconds } = {}) {
      if (!boss) throw new Error(`job queue not started: cannot send ${name}`);
      await boss.send(name, data, {
        startAfter: Math.max(0, Math.ceil(afterSeconds)),
        retryLimit: 5,
        retryDelay: 30,
        ...(onceWithinSeconds ? { singletonKey: name, singletonSeconds: onceWithinSeconds } : {}),
      });
    },
    async start() {
      const started = new PgBoss({
        db: { executeSql: (text, values) => options.executeSql(text, values) },
        schema: JOBS_SCHEMA,
        // Old jobs are kept a week for inspection, then removed by pg-boss's own maintenance.
        deleteAfterDays: 7,
      });
      started.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
      await started.start();
      // Known at once, so that a failure below still stops it (its timers would outlive the server).
      boss = started;
      try {
        for (const definition of definitions) {
          await started.createQueue(definition.name);
          // One job per worker at a time: a job that fails is retried alone, never taking its batch with it.
          // A worker that has just done a job asks for the next at once (pg-boss would wait out its
          // polling interval after every job): a queue drains at the speed of its work, and only an
          // idle worker polls.
          for (let n = 0; n < definition.workers; n++) {
            // Known once `work` answers; a job done before then (rare) waits for the next poll.
            const worker = { id: '' };
            worker.id = await started.work<object>(
              definition.name,
              { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 },
              async ([job]) => {
                if (!job) return;
                await definition.handler(job.data);
                if (worker.id) started.notifyWorker(worker.id);
              },
            );
          }
          if (definition.every) await started.schedule(definition.name, definition.every, {});
          else await started.unschedule(definition.name);
        }
      } catch (error) {
        boss = null;
        await started.stop({ graceful: false, close: false, wait: true, timeout: 1000 }).catch(() => undefined);
        throw error;
      }
    },
    async stop() {
      const stopping = boss;
      boss = null;
      // Not `close`: the connection belongs to the application, which closes it itself.
      await stopping?.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
    },
  };
}

/** A queue that refuses work: jobs are off (most tests, which call the jobs' functions by hand). */
export const disabledJobQueue: JobQueue = {
  define: () => undefined,
  send: async () => undefined,
  start: async () => undefined,
  stop: async () => undefined,
};
