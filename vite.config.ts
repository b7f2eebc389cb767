import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import os from 'node:os';

const apiPort = process.env.PORT ?? '3000';

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
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], isolate: false },
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
