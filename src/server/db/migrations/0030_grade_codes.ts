import { sql, type Kysely } from 'kysely';

/**
 * Which CEDS entry grade level (`KG`, `01` to `13`...) a grade is: set once by an administrator,
 * read by roster imports of OneRoster files, whose `grades` columns carry these codes (issue 40).
 * A code names one grade of a platform (the grade form answers 422 "taken" for a second).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('grades').addColumn('ceds_code', 'varchar(5)').execute();
  await db.schema
    .createIndex('grades_ceds_code_unique')
    .on('grades')
    .columns(['platform_id', 'ceds_code'])
    .unique()
    .where(sql.ref('ceds_code'), 'is not', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
