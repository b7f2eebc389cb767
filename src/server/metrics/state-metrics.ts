import { sql } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock';
import type { DatabaseHandle } from '../db/database';
import type { ReportReads } from '../db/read-replica';
import { answerSaveStats } from '../delivery';
import { JOBS_SCHEMA } from '../jobs';

/** A player heard from within this many seconds (a save or a heartbeat) is a student online. */
export const ONLINE_SECONDS = 60;

/** A counter that reports a running total kept elsewhere (the save queue's own figures). */
function totalOf(registry: Registry, name: string, help: string, read: () => number | undefined) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      if (value === undefined) return;
      this.reset();
      this.inc(value);
    },
  });
}

/**
 * What an operator watches on exam day, read when Prometheus scrapes: attempts running and students
 * online, the answer saves' groups, the job queues' depth and age, the database pool's waits and
 * where heavy reads went (the replica, or the primary because it lagged or failed).
 */
export function installStateMetrics(
  registry: Registry,
  database: DatabaseHandle,
  reads: ReportReads,
  clock: Clock,
): void {
  const db = database.db;
  // A count the database gives. When it cannot answer (down, restarting), the gauge says NaN (not a
  // misleading 0), and the process's own figures (event-loop lag, requests) still reach Prometheus.
  const countGauge = (name: string, help: string, count: () => Promise<number | undefined>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set((await count().catch(() => undefined)) ?? Number.NaN);
      },
    });
  countGauge('ltm_attempts_in_progress', 'Attempts started and not yet submitted', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from exam_attempts
      where submitted_at is null and started_at is not null`.execute(db);
    return rows[0]?.n;
  });
  countGauge(
    'ltm_students_online',
    `Running attempts whose player was heard from in the last ${ONLINE_SECONDS} seconds`,
    async () => {
      // By the server's clock, which heard the players (a test moves it).
      const since = new Date(clock.now().getTime() - ONLINE_SECONDS * 1000);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from attempt_presence p
        join exam_attempts a on a.id = p.attempt_id
        where a.submitted_at is null and p.last_seen_at > ${since}`.execute(db);
      return rows[0]?.n;
    },
  );
  const saves = () => answerSaveStats(db);
  totalOf(registry, 'ltm_answer_save_requests_total', 'Answer saves written', () => saves()?.requests);
  totalOf(registry, 'ltm_answer_save_statements_total', 'Group statements that wrote them', () => saves()?.statements);
  totalOf(registry, 'ltm_answer_save_wait_seconds_total', 'Time saves waited for their group', () =>
    saves() === undefined ? undefined : saves()!.waitMs / 1000,
  );
  totalOf(registry, 'ltm_answer_save_write_seconds_total', 'Time group statements took', () =>
    saves() === undefined ? undefined : saves()!.writeMs / 1000,
  );
  new Gauge({
    name: 'ltm_answer_save_largest_group',
    help: 'The most saves one group statement has carried',
    registers: [registry],
    collect() {
      this.set(saves()?.largest ?? 0);
    },
  });
  // The queues are read once per scrape: both gauges collect at once and share a reading begun
  // less than a second before (scrapes come seconds apart).
  let reading: { at: number; rows: Promise<QueueRow[]> } | null = null;
  const queues = () => {
    if (!reading || Date.now() - reading.at > 1000) reading = { at: Date.now(), rows: waitingJobs(database) };
    return reading.rows;
  };
  const queueGauge = (name: string, help: string, value: (row: QueueRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const rows = await queues();
        this.reset();
        for (const row of rows) this.set({ queue: row.name }, value(row));
      },
    });
  queueGauge('ltm_job_queue_waiting', 'Jobs waiting to start, by queue', (row) => row.waiting);
  queueGauge(
    'ltm_job_queue_oldest_seconds',
    'How long the oldest job due to start has waited, by queue',
    (row) => row.oldest_seconds,
  );
  new Gauge({
    name: 'ltm_db_pool_connections',
    help: 'Database connections of this process, by state (PostgreSQL)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'ltm_db_pool_waiting',
    help: 'Queries waiting for a free database connection (PostgreSQL)',
    registers: [registry],
    collect() {
      this.set(database.poolStats()?.waiting ?? 0);
    },
  });
  totalOf(registry, 'ltm_report_reads_replica_total', 'Heavy reads the replica served', () => reads.stats().replica);
  totalOf(
    registry,
    'ltm_report_reads_lagging_total',
    'Heavy reads sent to the primary because the replica lagged',
    () => reads.stats().lagging,
  );
  totalOf(
    registry,
    'ltm_report_reads_failed_total',
    'Heavy reads sent to the primary because the replica failed',
    () => reads.stats().failed,
  );
}

interface QueueRow {
  name: string;
  waiting: number;
  oldest_seconds: number;
}

/** The queues' waiting jobs; none when the queue's tables are not made yet (jobs off). */
async function waitingJobs(database: DatabaseHandle): Promise<QueueRow[]> {
  try {
    const { rows } = await database.executeSql(
      `select name, count(*)::int as waiting,
         coalesce(extract(epoch from now() - min(created_on) filter (where start_after <= now())), 0)::float8
           as oldest_seconds
       from ${JOBS_SCHEMA}.job where state in ('created', 'retry') group by name`,
    );
    return rows as unknown as QueueRow[];
  } catch {
    return [];
  }
}
