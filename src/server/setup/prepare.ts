import type { Db } from '../db/database';
import { loadSchemaRegistry } from '../resources';
import { latestMigration, migrateToLatest, pendingMigrations } from '../db/migrate';
import { syncRolesAndPermissions } from './roles';

/** An upgrade about to run: the database's migration and the ones this release will apply. */
export interface PendingUpgrade {
  from: string;
  pending: string[];
}

/**
 * What every start does before the app is built: migrate and sync roles and permissions. When a
 * database made by an earlier release has migrations to apply, `beforeMigrating` runs first (the
 * server says what it will migrate and backs the embedded database up).
 */
export async function prepareDatabase(
  db: Db,
  options: { beforeMigrating?: (upgrade: PendingUpgrade) => Promise<void> } = {},
): Promise<{ migration: string | null }> {
  if (options.beforeMigrating) {
    const from = await latestMigration(db);
    const pending = from === null ? [] : await pendingMigrations(db);
    if (from !== null && pending.length > 0) await options.beforeMigrating({ from, pending });
  }
  const migration = await migrateToLatest(db);
  const registry = await loadSchemaRegistry();
  const schemas = registry.all();
  await syncRolesAndPermissions(
    db,
    schemas.map((d) => d.name),
    schemas.filter((d) => !d.adminOnly).map((d) => d.name),
  );
  return { migration };
}
