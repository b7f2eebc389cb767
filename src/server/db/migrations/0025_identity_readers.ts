import { sql, type Kysely } from 'kysely';

/**
 * Who read an anonymously marked exam by name while its marking was open (issue 39): its monitor,
 * interventions, named results or a student's exams with their times. Whoever is listed may not mark
 * that exam anonymously, as whoever marks it may not read it by name: one person cannot hold both
 * halves of the join, whichever they took first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('anonymous_identity_readers')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('anonymous_identity_readers_pkey', ['exam_id', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
