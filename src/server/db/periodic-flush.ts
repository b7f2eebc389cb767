import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `flush` every `everyMs`, one run at a time, until stopped; stopping runs it once more, so
 * that what was noted in memory is written before the database closes. A failed run is logged and
 * the next one goes on (what it held is lost: only notes that the next request renews are kept so).
 */
export function startPeriodicFlush(
  flush: () => Promise<unknown>,
  log: FastifyBaseLogger,
  what: string,
  everyMs: number,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => flush().catch((error) => log.warn({ err: error }, `writing ${what} failed`)));
    return running;
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await run();
    },
  };
}
