import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { FileStore } from '../storage';

/** How long a readiness probe waits for the database before it says the database failed. */
const DATABASE_TIMEOUT_MS = 2000;
/** A store that accepted a write is not asked again for this long (probes come every few seconds). */
const STORE_CHECKED_MS = 10_000;

export type Check = 'ok' | 'failed';

export interface Readiness {
  ready: boolean;
  checks: { database: Check; migration: Check | 'behind' | 'ahead'; storage: Check };
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

/**
 * Whether this server should be sent traffic (issue 45): the database answers (within 2 s), it is
 * at this release's migration (behind: another release's server has not migrated it yet; ahead: a
 * newer release migrated it, and this one must not write to it), and the file store takes a write
 * (a probe file written and removed; a success is kept 10 s).
 */
export function readinessProbe(db: Db, store: FileStore, latestKnown: string) {
  const probeKey = `health/ready-probe-${randomBytes(4).toString('hex')}.txt`;
  let storeOkUntil = 0;
  const database = async (): Promise<Pick<Readiness['checks'], 'database' | 'migration'>> => {
    try {
      const { rows } = await withTimeout(
        sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db),
        DATABASE_TIMEOUT_MS,
      );
      const at = rows[0]?.name ?? '';
      return { database: 'ok', migration: at === latestKnown ? 'ok' : at < latestKnown ? 'behind' : 'ahead' };
    } catch {
      return { database: 'failed', migration: 'failed' };
    }
  };
  const storage = async (now: number): Promise<Check> => {
    if (now < storeOkUntil) return 'ok';
    try {
      await store.write(probeKey, Buffer.from('ready'));
      await store.remove(probeKey);
      storeOkUntil = now + STORE_CHECKED_MS;
      return 'ok';
    } catch {
      return 'failed';
    }
  };
  return async (now = Date.now()): Promise<Readiness> => {
    const [db, files] = await Promise.all([database(), storage(now)]);
    const checks = { ...db, storage: files };
    return { ready: Object.values(checks).every((check) => check === 'ok'), checks };
  };
}
