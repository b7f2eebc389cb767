import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import { AppError } from '../http/app-error';
import { installHttpMetrics } from './http-metrics';
import { installStateMetrics } from './state-metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time). */
function carriesToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * `/metrics` in Prometheus' text format (issue 45), for the scraper that sends METRICS_TOKEN as a
 * bearer token: this process's event-loop lag, heap, CPU and garbage collection, requests by route,
 * and the exam day's state (state-metrics.ts). Without METRICS_TOKEN nothing is measured and the
 * address answers 404. With a cluster (WEB_CONCURRENCY above 1), each scrape reaches one process.
 */
export function installMetrics(app: FastifyInstance, database: DatabaseHandle): void {
  const token = app.config.metricsToken;
  const registry = token ? new Registry() : null;
  if (registry) {
    collectDefaultMetrics({ register: registry, prefix: 'ltm_' });
    installHttpMetrics(app, registry);
    installStateMetrics(registry, database, app.reportReads, app.clock);
  }
  app.get(
    '/metrics',
    {
      // A scraper has no session: the token decides, below, and is checked before anything is read.
      config: { access: 'public' },
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!registry || !token) throw new AppError(404, 'errors.route_not_found');
      if (!carriesToken(request.headers.authorization, token))
        throw new AppError(401, 'errors.metrics_token', undefined, undefined, {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    },
  );
}
