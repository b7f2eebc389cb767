import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server-process';

/** Written into a data directory once the demo is in it. */
const SEEDED = 'seeded.json';

/**
 * A data directory with the demo in it: marked so, with a database where a server looks for it
 * (`pglite/`, a PostgreSQL data directory: a folder one level too deep would start an empty
 * database, which the server then seeds again, for 16 s a start).
 */
export const isSeeded = (dir: string | undefined): dir is string =>
  Boolean(dir) && fs.existsSync(path.join(dir!, SEEDED)) && fs.existsSync(path.join(dir!, 'pglite', 'PG_VERSION'));

/** Marks `dir` as a data directory with the demo in it. */
export function markSeeded(dir: string, by: string): void {
  fs.writeFileSync(path.join(dir, SEEDED), JSON.stringify({ by, at: new Date().toISOString() }));
}

/**
 * The demo, seeded once for the whole end-to-end run; each worker's server starts from a copy
 * of it in seconds (issue 38: each lane's server used to seed it through the API before listening,
 * two to three minutes each). `E2E_SEED_DIR` names one made already (CI keeps the demo template
 * that `npm test` builds: `KEEP_DEMO_DATA_DIR`); otherwise the server seeds a new folder as
 * `npm start` does, and stops. `remove` deletes only a folder made here.
 */
export async function seededDataDir(): Promise<{ dir: string; remove: () => void }> {
  const given = process.env.E2E_SEED_DIR;
  if (isSeeded(given)) return { dir: given, remove: () => undefined };
  // A folder named but not usable is a mistake upstream (CI's `KEEP_DEMO_DATA_DIR`), not a reason to
  // seed again unnoticed.
  if (given && fs.existsSync(given))
    throw new Error(`E2E_SEED_DIR (${given}) holds no seeded demo (pglite/PG_VERSION)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-e2e-seed-'));
  const started = Date.now();
  const server = await startServer({ dataDir: dir });
  await server.stop();
  markSeeded(dir, 'npm start');
  console.log(
    `e2e: the demo seeded in ${((Date.now() - started) / 1000).toFixed(0)} s (set E2E_SEED_DIR to reuse one)`,
  );
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
