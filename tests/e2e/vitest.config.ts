import { defineConfig } from 'vitest/config';
import LongestFirst from '../helpers/longest-first.ts';
import { e2eWorkers } from './workers.ts';

/**
 * End-to-end tests: the real server (built console) in a child process, driven through Chromium.
 * Each worker has a server of its own on a copy of the demo seeded once (global-setup.ts), so files
 * run side by side, one per core and one more (or E2E_WORKERS), the longest first (tests/file-times.json).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/file-server.ts'],
    // A hang guard, not a speed check: on a loaded CI machine a test that takes 14 s alone took
    // over 60 s (stop 58's run, three lanes and the chaos script on two cores).
    testTimeout: 180_000,
    hookTimeout: 120_000,
    maxWorkers: e2eWorkers(),
    sequence: { sequencer: LongestFirst },
    reporters: ['default', './tests/helpers/file-times-reporter.ts'],
    // Two files share two cores: a first page can take seconds, beyond expect.poll's 1 s default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
