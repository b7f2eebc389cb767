import os from 'node:os';

/**
 * How many files run side by side: one per core and one more, or E2E_WORKERS. A file waits on its
 * browser and its server about a fifth of the time: with one per core, 20% of two cores stayed idle
 * (vmstat over a run); with one more, 5%, and the run took 373 s instead of 401 s.
 */
export const e2eWorkers = (): number => Number(process.env.E2E_WORKERS) || os.availableParallelism() + 1;

/**
 * The servers' test settings: a short grace period, so the player's network cut across the
 * deadline can outlast it, and a test clock a file moves (`moveClock` in browser.ts) instead of
 * waiting, set back when the file ends (file-server.ts).
 */
export const E2E_SERVER_ENV = { DELIVERY_GRACE_SECONDS: '20', TEST_CLOCK: '1' };
