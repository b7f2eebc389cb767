import { afterAll, inject } from 'vitest';
import { setTestClock } from './browser';

/**
 * The server of this file's worker (global-setup.ts starts one per worker: VITEST_POOL_ID runs from
 * 1 to the number of workers, and a worker runs one file at a time). The file starts on the real
 * time: whatever test clock the file before it moved is set back, and set back again at its end.
 */
const urls = inject('serverUrls');
const url = urls[(Number(process.env.VITEST_POOL_ID) - 1) % urls.length];
process.env.E2E_BASE_URL = url;

const resetClock = () => setTestClock({ reset: true }, url);

await resetClock();
afterAll(resetClock);
