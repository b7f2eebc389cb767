import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

const DIR = fileURLToPath(new URL('.', import.meta.url));
const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.ts$/;

/**
 * Every migration in this folder, in name order: adding one is adding a file named `NNNN_what.ts`.
 * Never edit one that has shipped; they are forward-only.
 */
export async function loadMigrations(): Promise<Record<string, Migration>> {
  const files = fs
    .readdirSync(DIR)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort();
  const entries = await Promise.all(
    files.map(
      async (file) =>
        [file.replace(/\.ts$/, ''), (await import(pathToFileURL(`${DIR}${file}`).href)) as Migration] as const,
    ),
  );
  return Object.fromEntries(entries);
}
