import { sql, type Kysely } from 'kysely';

/**
 * Content balancing of an adaptive exam (issue 43): none, or its questions' learning outcomes in the
 * shares the pool holds them (Kingsbury–Zara), declared in schemas/exams.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('exams')
    .addColumn('adaptive_content', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`adaptive_content in ('none', 'outcomes')`),
    )
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
