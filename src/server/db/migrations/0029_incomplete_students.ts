import { sql, type Kysely } from 'kysely';

/**
 * A student imported from a file that does not carry their gender, nationality or Arabic name
 * (OneRoster has no column for them; issue 40) is kept, and listed as incomplete until someone
 * fills them in: `gender` and `nationality` may be empty (as in the report results that copy them),
 * `name_ar` may be the empty text, and `is_complete` says whether all three are there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('students')
    .alterColumn('gender', (c) => c.dropNotNull())
    .alterColumn('nationality', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('students')
    .addColumn('is_complete', 'boolean', (c) =>
      c
        .generatedAlwaysAs(sql`gender is not null and nationality is not null and name_ar <> ''`)
        .stored()
        .notNull(),
    )
    .execute();
  await db.schema
    .alterTable('report_results')
    .alterColumn('gender', (c) => c.dropNotNull())
    .alterColumn('nationality', (c) => c.dropNotNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
