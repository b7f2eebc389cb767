import { sql, type Kysely } from 'kysely';

/**
 * Students declared (issue 24, schemas/students.ts): a name in Latin script (`name_en`) and one in
 * Arabic (`name_ar`), `name` keeping a copy of the Latin one as every declared record does. A
 * student known by one name so far has it in both until a school sends the other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').addColumn('name_en', 'varchar(255)').execute();
  await db.schema.alterTable('students').addColumn('name_ar', 'varchar(255)').execute();
  await sql`update students set name_en = name, name_ar = name`.execute(db);
  await db.schema
    .alterTable('students')
    .alterColumn('name_en', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('students')
    .alterColumn('name_ar', (c) => c.setNotNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
