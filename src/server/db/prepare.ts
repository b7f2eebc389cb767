import type { Db } from './database';
import { migrateToLatest } from './migrate';
import { syncRolesAndPermissions } from './seed/roles';
import { seedDemoData } from './seed/demo-data';

/** What every start does before listening: migrate, sync roles, and load demo data where asked. */
export async function prepareDatabase(db: Db, options: { demoData: boolean }): Promise<{ migration: string | null; seeded: boolean }> {
  const migration = await migrateToLatest(db);
  await syncRolesAndPermissions(db);
  const seeded = options.demoData ? await seedDemoData(db) : false;
  return { migration, seeded };
}
