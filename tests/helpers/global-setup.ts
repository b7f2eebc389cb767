import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate, type DbTemplate } from './db-template';
import { markSeeded } from '../e2e/seeded-data';
import { KEY_FILE } from '../../src/server/secrets/keys';
import { TEST_SECRETS } from './test-secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
    /** Where the run's demo template is built once and found by every file (./demo-template.ts). */
    demoDir: string;
  }
}

/**
 * Removes the run's demo template, its database copy (PGlite) and its files. With
 * `KEEP_DEMO_DATA_DIR` (CI), a PGlite template is first laid out there as a server's data directory
 * (`pglite/` beside the files), which the end-to-end servers then start from (`E2E_SEED_DIR`)
 * instead of seeding the demo again.
 */
function removeDemoTemplate(dir: string) {
  const ready = path.join(dir, 'demo.json');
  if (fs.existsSync(ready)) {
    const { frozen } = JSON.parse(fs.readFileSync(ready, 'utf8')) as {
      frozen: { dataDir: string; template: DbTemplate };
    };
    const keep = process.env.KEEP_DEMO_DATA_DIR;
    if (keep && frozen.template.kind === 'pglite') keepAsDataDir(frozen.dataDir, frozen.template.dir, keep);
    fs.rmSync(frozen.dataDir, { recursive: true, force: true });
    if (frozen.template.kind === 'pglite') fs.rmSync(frozen.template.dir, { recursive: true, force: true });
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** `database` is the template's data directory: its PGlite folder is `pglite/` in it, as a server's. */
function keepAsDataDir(files: string, database: string, target: string) {
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(files, target, { recursive: true });
  fs.cpSync(path.join(database, 'pglite'), path.join(target, 'pglite'), { recursive: true });
  // The key the template's secrets were sealed with, where a server without SECRETS_KEY looks for it.
  fs.writeFileSync(path.join(target, KEY_FILE), `${TEST_SECRETS.key}\n`, { mode: 0o600 });
  markSeeded(target, 'npm test (the demo template)');
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
