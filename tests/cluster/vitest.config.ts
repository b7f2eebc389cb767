import { defineConfig } from 'vitest/config';

/**
 * The product as several machines run it: two application servers (child processes) behind a real
 * load balancer (haproxy from Debian), on one PostgreSQL and one S3-compatible store (s3rver).
 * PostgreSQL only (CLUSTER_DATABASE_URL, an admin URL: the test creates and drops its database).
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
