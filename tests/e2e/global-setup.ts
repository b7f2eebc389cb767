import type { TestProject } from 'vitest/node';
import { startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for the whole e2e run; it is stopped (process group and data) at the end. */
export default async function setup(project: TestProject) {
  // A short grace period, so the player's network cut across the deadline can outlast it in seconds.
  const server = await startServer({ env: { DELIVERY_GRACE_SECONDS: '20' } });
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
