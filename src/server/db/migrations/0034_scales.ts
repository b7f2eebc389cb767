import { sql, type Kysely } from 'kysely';

/** Reporting scales, one per skill and platform (schemas/scales.ts, issue 42). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scales')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id'))
    .addColumn('score_origin', 'integer', (c) => c.notNull().defaultTo(200))
    .addColumn('score_unit', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('scales_skill_id_key', ['platform_id', 'skill_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
