import type { Db } from '../db/database';
import { loadSchemaRegistry } from '../resources';
import { migrateToLatest } from '../db/migrate';
import { syncRolesAndPermissions } from './roles';

/** What every start does before the app is built: migrate and sync roles and permissions. */
export async function prepareDatabase(db: Db): Promise<{ migration: string | null }> {
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
