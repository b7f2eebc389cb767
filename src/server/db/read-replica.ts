import { sql } from 'kysely';
import { openDatabase, type Db } from './database';

/** Where a `ReportReads` sent its reads since it opened: the replica, or the primary and why. */
export interface ReadStats {
  replica: number;
  /** Every read the primary served: no replica, or one of the two reasons below. */
  primary: number;
  /** The replica had not replayed the primary's position within `replicaMaxWaitMs`. */
  lagging: number;
  /** The replica could not be reached, failed, or is not replaying (promoted, or not a replica). */
  failed: number;
}

/**
 * Where heavy reads go (web reports, item analysis, report data): the primary, or a streaming
 * replica of it when DATABASE_REPLICA_URL is set. Writes, and reads that must see their own writes,
 * always use `app.db`.
 */
export interface ReportReads {
  /** A database that has everything committed on the primary before this call began. */
  db(): Promise<Db>;
  stats(): ReadStats;
  close(): Promise<void>;
}

/** No replica: every read goes to the primary. */
export function primaryReads(primary: Db): ReportReads {
  const counts: ReadStats = { replica: 0, primary: 0, lagging: 0, failed: 0 };
  return {
    db: async () => {
      counts.primary++;
      return primary;
    },
    stats: () => ({ ...counts }),
    close: async () => undefined,
  };
}

/** How often a lagging replica is asked again while a read waits for it. */
const POLL_MS = 25;
/** After a failure the replica rests this long (reads go to the primary) before it is tried again. */
const RETRY_MS = 5_000;
/** At most one warning per kind (failed, lagging) in this time: an outage must not flood the log. */
const WARN_EVERY_MS = 60_000;
/**
 * A replica that does not answer a position check in this time (a connection included) has failed.
 * The pool itself has no connection timeout: a read waiting for a busy pool must not fail.
 */
const CHECK_TIMEOUT_MS = 2_000;

export interface ReplicaLog {
  warn(obj: object, msg: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`, or a failure if it has not settled within `ms` (it goes on, unheard). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the replica did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Reads on a streaming replica (a pool of its own, `poolSize` connections), as long as it has
 * replayed everything the primary had written when the read began: the primary's
 * `pg_current_wal_insert_lsn()` against the replica's `pg_last_wal_replay_lsn()`, asked again every
 * 25 ms for up to `maxWaitMs`. The insert position covers every commit acknowledged so far, also one
 * whose WAL was not yet written out (synchronous_commit off, which returns before that), so a request
 * sees its own writes and everything committed before it. A lagging,
 * unreachable or failing replica sends the read to the primary; failures are logged at most once a
 * minute, and the replica rests for five seconds after one.
 */
export async function openReplicaReads(
  primary: Db,
  options: { url: string; poolSize: number; maxWaitMs: number; log: ReplicaLog },
): Promise<ReportReads> {
  const { maxWaitMs, log } = options;
  const counts: ReadStats = { replica: 0, primary: 0, lagging: 0, failed: 0 };
  const warnedAt = { failed: -Infinity, lagging: -Infinity };
  const warn = (kind: keyof typeof warnedAt, obj: object, msg: string) => {
    if (performance.now() - warnedAt[kind] < WARN_EVERY_MS) return;
    warnedAt[kind] = performance.now();
    log.warn({ ...obj, reads: { ...counts } }, msg);
  };
  let restUntil = -Infinity;
  const open = (poolSize: number) =>
    openDatabase({
      databaseUrl: options.url,
      dataDir: '',
      poolSize,
      // A replica restarting drops its connections: the pool opens new ones, the process goes on.
      onIdleError: (error) => warn('failed', { err: error }, 'read replica connection lost'),
    });
  const replica = await open(options.poolSize);
  // The position is asked on a connection of its own: reads busy on every connection of the pool
  // must not make a healthy replica look failed.
  const checker = await open(1);

  const onPrimary = (reason: 'lagging' | 'failed') => {
    counts[reason]++;
    counts.primary++;
    return primary;
  };
  /** Whether the replica has replayed `lsn`; null when it is not replaying WAL at all. */
  const replayed = async (lsn: string) => {
    const { rows } = await within(
      CHECK_TIMEOUT_MS,
      sql<{ recovering: boolean; replayed: boolean | null }>`
        select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as replayed`.execute(
        checker.db,
      ),
    );
    return rows[0].recovering ? rows[0].replayed === true : null;
  };

  return {
    async db() {
      const started = performance.now();
      if (started < restUntil) return onPrimary('failed');
      // Taken first: the target covers every commit acknowledged before this call.
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(primary);
      const lsn = rows[0].lsn;
      try {
        for (;;) {
          const caughtUp = await replayed(lsn);
          if (caughtUp === null) throw new Error('the read replica is not in recovery: not a streaming replica');
          if (caughtUp) {
            counts.replica++;
            return replica.db;
          }
          if (performance.now() + POLL_MS - started > maxWaitMs) break;
          await sleep(POLL_MS);
        }
      } catch (error) {
        restUntil = performance.now() + RETRY_MS;
        warn('failed', { err: error }, 'read replica unavailable: reading the primary');
        return onPrimary('failed');
      }
      warn(
        'lagging',
        { lsn, waited_ms: Math.round(performance.now() - started) },
        'read replica lagging: reading the primary',
      );
      return onPrimary('lagging');
    },
    stats: () => ({ ...counts }),
    close: async () => {
      await Promise.all([replica.close(), checker.close()]);
    },
  };
}
