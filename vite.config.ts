import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import os from 'node:os';
// With its extension: Vite's config loader reads it as it is.
import LongestFirst from './tests/helpers/longest-first.ts';

const apiPort = process.env.PORT ?? '3000';

/**
 * Unit files that replace modules (`vi.mock`) run isolated, in a project of their own
 * (`unit-mocks`): the other unit files share their worker's loaded modules, where a mock would leak
 * into the files after it. Read from the files, so a new mock is isolated at once.
 */
const mockingUnitTests = (fs.readdirSync('tests/unit', { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/unit/${file}`)
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(file, 'utf8')));

export default defineConfig({
  plugins: [react()],
  root: '.',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core machine. The
    // test files wait on the database and on HTTP as much as on the CPU, so one worker per core (or
    // VITEST_MAX_WORKERS) runs them in about half the time.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || os.availableParallelism(),
    // Each file's time, longest first, at the end of every run; and the longest files start first.
    reporters: ['default', './tests/helpers/file-times-reporter.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: mockingUnitTests,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-mocks', environment: 'node', include: mockingUnitTests },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/sweeps/**'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The route sweeps (permission matrix, malformed input) of every operation: `npm run test:api`
        // runs them with the API tests, CI once, on PostgreSQL; the sweep is in parts that run side by side.
        extends: true,
        test: {
          name: 'sweeps',
          environment: 'node',
          isolate: false,
          include: ['tests/api/sweeps/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Isolated: each file gets modules of its own. Shared modules saved little here (134 to 115 s
        // in issue 24) and broke files by the order they ran in: modules evaluated under one file's
        // jsdom window keep it, and mocks leak.
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.tsx'],
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
