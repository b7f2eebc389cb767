import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Seconds: a save's few milliseconds up to a report's several seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Requests by route, as Fastify matched it (`/api/exams/:id`, never the address a user typed: no
 * id, code or name reaches a label), method and status; their time, as a histogram by route.
 * Requests that matched no route are counted under `unmatched`.
 */
export function installHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'ltm_http_requests_total',
    help: 'Requests answered, by route, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'ltm_http_request_duration_seconds',
    help: 'Time to answer a request, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, next) => {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    const method = request.method;
    requests.inc({ route, method, status: String(reply.statusCode) });
    duration.observe({ route, method }, reply.elapsedTime / 1000);
    next();
  });
}
