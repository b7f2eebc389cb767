import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate, type DbTemplate } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
    /** Where the run's demo template is built once and found by every file (./demo-template.ts). */
    demoDir: string;
  }
}

/** Removes the run's demo template, its database copy (PGlite) and its files. */
function removeDemoTemplate(dir: string) {
  const ready = path.join(dir, 'demo.json');
  if (fs.existsSync(ready)) {
    const { frozen } = JSON.parse(fs.readFileSync(ready, 'utf8')) as {
      frozen: { dataDir: string; template: DbTemplate };
    };
    fs.rmSync(frozen.dataDir, { recursive: true, force: true });
    if (frozen.template.kind === 'pglite') fs.rmSync(frozen.template.dir, { recursive: true, force: true });
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * One migrated template per run: PGlite by default, a throwaway PostgreSQL database with
 * DATABASE_URL; and a folder for the demo template, which the first file that needs it builds.
 */
export default async function setup(project: TestProject) {
  const template = await createTemplate(process.env.DATABASE_URL);
  const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-demo-'));
  project.provide('dbTemplate', template);
  project.provide('demoDir', demoDir);
  return async () => {
    removeDemoTemplate(demoDir);
    // Drops the demo's PostgreSQL database too: every database of the run shares the template's prefix.
    await dropTemplate(template);
  };
}
