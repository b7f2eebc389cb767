import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OffsetClock } from '../clock';

/**
 * `GET|POST /api/test/clock`: the end-to-end tests' way over a deadline, a grace period or the
 * monitor's online window without waiting for them (issue 38). Registered only with `TEST_CLOCK=1`,
 * which the configuration refuses in production; a test proves it absent otherwise.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: OffsetClock }> = async (app, { clock }) => {
  const present = () => ({ data: { now: clock.now().toISOString(), offset_seconds: clock.offsetSeconds } });
  const config = { access: 'public' as const };
  app.get('/test/clock', { config, schema: { hide: true } }, async () => present());
  app.post(
    '/test/clock',
    {
      config,
      schema: {
        hide: true,
        // Forward only, by up to a day at a time; `reset` goes back to the system's time.
        body: z.union([
          z.strictObject({ advance_seconds: z.number().int().min(1).max(86_400) }),
          z.strictObject({ reset: z.literal(true) }),
        ]),
      },
    },
    async (request) => {
      if ('reset' in request.body) clock.reset();
      else clock.advance(request.body.advance_seconds);
      return present();
    },
  );
};
