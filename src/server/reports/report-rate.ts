import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { takeHit } from '../http/rate-limits';

const HOUR = 3600;

/**
 * The per-user rate of report generation requests (`REPORT_REQUESTS_PER_HOUR`, shared by every
 * server process): a preHandler for the routes that queue or render reports. Past it, 429 with
 * `Retry-After` and a message in the request's language. Taken after the body is validated, so a
 * refused body costs nothing.
 */
export function reportRequestRate(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const taken = await takeHit(app.db, `reports:user:${request.auth!.user.id}`, {
      limit: app.config.reportRequestsPerHour,
      seconds: HOUR,
    });
    if (taken.ok) return;
    throw new AppError(
      429,
      'reports.errors.too_many_requests',
      { minutes: Math.ceil(taken.retryAfterSeconds / 60) },
      undefined,
      { 'retry-after': String(taken.retryAfterSeconds) },
    );
  };
}
