import type { FastifyInstance } from 'fastify';
import { finalizeDueAttempts } from './scoring';

/**
 * Submits attempts whose deadline plus grace has passed, every `DELIVERY_FINALIZE_EVERY_SECONDS`.
 * The state is in the database, so nothing is lost across a restart: the first sweep after it
 * submits whatever fell due meanwhile. Reads of an attempt also finalize it when it is due.
 */
export function startFinalizer(app: FastifyInstance): void {
  const every = app.config.delivery.finalizeEverySeconds;
  if (every <= 0) return;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const submitted = await finalizeDueAttempts(app.db, app.clock.now(), app.config.delivery.graceSeconds);
      if (submitted > 0) app.log.info({ submitted }, 'attempts submitted at their deadline');
    } catch (error) {
      app.log.error({ err: error }, 'finalizing attempts failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), every * 1000);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}
