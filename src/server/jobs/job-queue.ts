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
   * the queue run at once in this process (default 1); `oneWaiting`: at most one job of the queue
   * waits per `joinKey` (see `send`).
   */
  define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { every?: string; workers?: number; oneWaiting?: boolean },
  ): void;
  /**
   * Queues a job that runs no sooner than `afterSeconds` from now (the database's clock).
   * `joinKey`, on a `oneWaiting` queue: while a job sent with the same key waits to start, this one
   * joins it (nothing more is queued); once it has started, a new one is queued.
   */
  send(name: string, data: object, options?: { afterSeconds?: number; joinKey?: string }): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Definition {
  name: string;
  handler: JobHandler<object>;
  every?: string;
  workers: number;
  oneWaiting: boolean;
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
    define(name, handler, { every, workers = 1, oneWaiting = false } = {}) {
      definitions.push({
        name,
        handler: handler as JobHandler<object>,
        every,
        workers: Math.max(1, workers),
        oneWaiting,
      });
    },
    async send(name, data, { afterSeconds = 0, joinKey } = {}) {
      if (!boss) throw new Error(`job queue not started: cannot send ${name}`);
      await boss.send(name, data, {
        startAfter: Math.max(0, Math.ceil(afterSeconds)),
        retryLimit: 5,
        retryDelay: 30,
        ...(joinKey ? { singletonKey: joinKey } : {}),
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
          // pg-boss's "short" policy: one waiting job per (queue, key), enforced by a unique index. Not
          // its singletonSeconds, whose slots are aligned to the clock: two sends a second apart on
          // either side of a slot's end would queue two jobs. Set again on an existing queue.
          const policy = definition.oneWaiting ? 'short' : 'standard';
          await started.createQueue(definition.name, { name: definition.name, policy });
          await started.updateQueue(definition.name, { name: definition.name, policy });
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
