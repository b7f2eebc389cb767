import { Migrator, type MigrationProvider } from 'kysely';
import { loadMigrations } from './migrations/index';
import type { Db } from './database';

const provider: MigrationProvider = { getMigrations: loadMigrations };

/** Applies every pending migration (forward-only) and returns the name of the latest one. */
export async function migrateToLatest(db: Db): Promise<string | null> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return latestMigration(db);
}

export async function latestMigration(db: Db): Promise<string | null> {
  const migrator = new Migrator({ db, provider });
  const applied = (await migrator.getMigrations()).filter((m) => m.executedAt);
  return applied.at(-1)?.name ?? null;
}

/** The names of every migration this release knows, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await loadMigrations()).sort();
}

/** Applies the migrations up to and including `name` (a restore rebuilds an archive's schema so). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateTo(name);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
}

/** The migrations this release would apply to the database, in order. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
