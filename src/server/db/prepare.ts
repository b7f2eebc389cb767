import type { Db } from './database';
import { loadSchemaRegistry } from '../resources/load-schemas';
import { migrateToLatest } from './migrate';
import { syncRolesAndPermissions } from './seed/roles';
import { seedDemoData } from './seed/demo-data';

/** What every start does before listening: migrate, sync roles, and load demo data where asked. */
export async function prepareDatabase(db: Db, options: { demoData: boolean }): Promise<{ migration: string | null; seeded: boolean }> {
  const migration = await migrateToLatest(db);
  const registry = await loadSchemaRegistry();
  await syncRolesAndPermissions(db, registry.all().map((d) => d.name));
  const seeded = options.demoData ? await seedDemoData(db) : false;
  return { migration, seeded };
}
