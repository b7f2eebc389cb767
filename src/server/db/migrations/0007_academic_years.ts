import { sql, type Kysely } from 'kysely';

/** Academic years, the worked example of adding a lookup (README, Contributing). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('academic_years')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
