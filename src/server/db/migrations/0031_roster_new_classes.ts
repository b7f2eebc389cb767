import type { Kysely } from 'kysely';

/**
 * Whether a roster import makes the classes its file names that the importer's schools lack
 * (issue 40): asked with the dry run, kept with the job, which plans the file again when it runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('roster_imports')
    .addColumn('create_classes', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
