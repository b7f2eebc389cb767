import type { FastifyInstance } from 'fastify';
import { REPORT_QUEUE } from '../reports';

/** Sends reports queued to be made again to the report queue (as a request for them would). */
export async function remakeReports(app: FastifyInstance, reportIds: readonly number[]): Promise<void> {
  for (const id of reportIds) await app.jobs.send(REPORT_QUEUE, { report_id: id });
}
