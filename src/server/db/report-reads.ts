import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from './database';
import { primaryReads, type ReportReads } from './read-replica';

/** The report reads of this configuration: the primary alone until DATABASE_REPLICA_URL is set. */
export async function openReportReads(
  config: Pick<Config, 'databaseReplicaUrl' | 'replicaMaxWaitMs' | 'databasePoolSize'>,
  primary: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<ReportReads> {
  void log;
  if (!config.databaseReplicaUrl || primary.kind !== 'postgres') return primaryReads(primary.db);
  // The replica's router is built in read-replica.ts (issue 31).
  return primaryReads(primary.db);
}
