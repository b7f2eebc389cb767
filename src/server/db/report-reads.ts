import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from './database';
import { openReplicaReads, primaryReads, type ReportReads } from './read-replica';

/**
 * The report reads of this configuration: a streaming replica when DATABASE_REPLICA_URL is set and
 * the primary is PostgreSQL, otherwise the primary alone.
 */
export async function openReportReads(
  config: Pick<Config, 'databaseReplicaUrl' | 'replicaMaxWaitMs' | 'databasePoolSize'>,
  primary: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<ReportReads> {
  if (!config.databaseReplicaUrl) return primaryReads(primary.db);
  if (primary.kind !== 'postgres') {
    log.warn('DATABASE_REPLICA_URL is ignored: the database is the embedded PGlite, which has no replicas');
    return primaryReads(primary.db);
  }
  return openReplicaReads(primary.db, {
    url: config.databaseReplicaUrl,
    poolSize: config.databasePoolSize,
    maxWaitMs: config.replicaMaxWaitMs,
    log,
  });
}
