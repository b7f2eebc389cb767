import { defineConfig } from 'vitest/config';

/** End-to-end tests: the real server (built console) in a child process, driven through Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Two lanes share two cores: a first page can take seconds, beyond expect.poll's 1 s default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
