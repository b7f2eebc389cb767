import type { Kysely } from 'kysely';

/**
 * Which CEDS entry grade level (`KG`, `01` to `13`...) a grade is: set once by an administrator,
 * read by roster imports of OneRoster files, whose `grades` columns carry these codes (issue 40).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('grades').addColumn('ceds_code', 'varchar(5)').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
