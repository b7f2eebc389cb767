import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { seedDemo } from '../../src/server/demo/seed-demo';
import { createTestApp, type FrozenApp, type TestContext } from './test-app';

/**
 * The demo data, loaded once per test run and copied for each file that wants it (issue 24: six
 * files seeding it for 35 s each, on both databases, were a large part of CI's time). The first
 * file that asks builds it under a lock in the run's folder (`demoDir`, from the global setup);
 * the others wait for it, then start from a copy of its database and files, alike in every byte.
 */
export interface DemoTemplate {
  frozen: FrozenApp;
  /** What `seedDemo` answered when it loaded the demo. */
  seeded: unknown;
}

const WAIT_MS = 10 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function build(): Promise<DemoTemplate> {
  const t = await createTestApp();
  const seeded = await seedDemo(t.app);
  return { frozen: await t.freeze(), seeded };
}

/** The run's demo template: built by the first caller, read by the others. */
export async function demoTemplate(): Promise<DemoTemplate> {
  const dir = inject('demoDir');
  const ready = path.join(dir, 'demo.json');
  const failed = path.join(dir, 'demo.error');
  const started = Date.now();
  for (;;) {
    if (fs.existsSync(ready)) return JSON.parse(fs.readFileSync(ready, 'utf8')) as DemoTemplate;
    if (fs.existsSync(failed)) throw new Error(`The demo template failed to load: ${fs.readFileSync(failed, 'utf8')}`);
    let builder = false;
    try {
      fs.mkdirSync(path.join(dir, 'lock'));
      builder = true;
    } catch {
      // Another file is building it.
    }
    if (builder) {
      try {
        const template = await build();
        fs.writeFileSync(`${ready}.tmp`, JSON.stringify(template));
        fs.renameSync(`${ready}.tmp`, ready);
        return template;
      } catch (error) {
        fs.writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
        throw error;
      }
    }
    if (Date.now() - started > WAIT_MS) throw new Error('Waited too long for the demo template');
    await sleep(250);
  }
}

/** A test app on a fresh copy of the demo data. */
export async function createDemoApp(): Promise<TestContext> {
  return createTestApp({}, undefined, (await demoTemplate()).frozen);
}
