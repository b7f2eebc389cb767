import { sql, type Kysely } from 'kysely';

/**
 * An anonymously marked exam whose anonymity an administrator lifted (issue 39): who, when and why. Once lifted, the exam's sides no longer hold anyone (its markers
 * may read it by name, its named readers by code). One row per exam; it is never taken back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('anonymity_lifts')
    .addColumn('exam_id', 'integer', (c) => c.primaryKey().references('exams.id').onDelete('cascade'))
    .addColumn('lifted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('lifted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
