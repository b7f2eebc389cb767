import type { TestProject } from 'vitest/node';
import { seededDataDir } from './seeded-data';
import { startServer } from './server-process';
import { E2E_SERVER_ENV, e2eWorkers } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, each on its own copy of the seeded demo (file-server.ts picks its own). */
    serverUrls: string[];
  }
}

/**
 * The demo, seeded once for the run, and a server on a copy of it for each worker (no more than
 * the files to run): a file runs on its worker's server (file-server.ts), so two files never share
 * one at the same time, and a server starts twice a run instead of once a file (17 files: a start
 * was 16 s of a quiet machine, 34 s of a busy one). Everything is stopped and removed at the end.
 */
export default async function setup(project: TestProject) {
  const seed = await seededDataDir();
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const files = (await project.globTestFiles(filters)).testFiles.length;
  const count = Math.max(1, Math.min(e2eWorkers(), files));
  const servers = await Promise.all(
    Array.from({ length: count }, () => startServer({ seededFrom: seed.dir, env: E2E_SERVER_ENV })),
  );
  project.provide(
    'serverUrls',
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    seed.remove();
  };
}
