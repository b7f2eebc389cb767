import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import os from 'node:os';
// With its extension: Vite's config loader reads it as it is.
import LongestFirst from './tests/helpers/longest-first.ts';

const apiPort = process.env.PORT ?? '3000';

/**
 * The files under `dir` ending in `suffix` that replace modules (`vi.mock`, `vi.doMock`) or keep
 * state in a browser store a module holds (fake-indexeddb: one database per worker otherwise, so a
 * file would find the rows the one before it left).
 */
function mockingFiles(dir: string, suffix: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith(suffix))
    .map((file) => `${dir}/${file}`)
    .filter((file) => /\bvi\.(do)?[mM]ock\(|fake-indexeddb/.test(fs.readFileSync(file, 'utf8')));
}

/**
 * Files that replace modules (`vi.mock`) run isolated, in a project of their own (`unit-mocks`,
 * `client-mocks`): the other files share their worker's loaded modules, where a mock would leak into
 * the files after it. Read from the files, so a new mock is isolated at once.
 */
const mockingUnitTests = mockingFiles('tests/unit', '.test.ts');
const mockingClientTests = mockingFiles('tests/client', '.test.tsx');

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
    experimental: { fsModuleCache: true },
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
        // The console's files share their worker's loaded modules (react-admin, MUI and the screens are
        // imported once per worker, not once per file: 88 s to 42 s on 16 files); each file still
        // gets a jsdom window of its own, and the setup file resets what a file leaves behind.
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.tsx'],
          exclude: mockingClientTests,
          isolate: false,
          setupFiles: ['tests/client/owner-stacks.ts', 'tests/client/setup.ts', 'tests/client/shared-modules.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client-mocks',
          environment: 'jsdom',
          include: mockingClientTests,
          setupFiles: ['tests/client/owner-stacks.ts', 'tests/client/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
