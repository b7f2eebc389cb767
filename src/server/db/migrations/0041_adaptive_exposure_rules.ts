import { sql, type Kysely } from 'kysely';

/**
 * An adaptive exam's form completes its rules (issue 43), declared in schemas/exams.ts:
 * Sympson–Hetter exposure control with its ceiling (the share of students any question may reach),
 * whose control probabilities publishing computes by simulation and keeps with the exam; and content
 * rules of at least and at most so many questions of each learning outcome in a student's test.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table exams drop constraint if exists exams_adaptive_exposure_check`.execute(db);
  await sql`alter table exams alter column adaptive_exposure type varchar(16)`.execute(db);
  await db.schema
    .alterTable('exams')
    .addCheckConstraint(
      'exams_adaptive_exposure_check',
      sql`adaptive_exposure in ('none', 'randomesque', 'sympson_hetter')`,
    )
    .execute();
  await db.schema
    .alterTable('exams')
    .addColumn('adaptive_exposure_ceiling', 'numeric(4, 2)', (c) => c.defaultTo(0.25))
    // Each pool question's probability of being given once chosen, by exam question id; set at publishing.
    .addColumn('adaptive_exposure_rates', 'jsonb')
    .addColumn('adaptive_outcome_min', 'integer', (c) => c.defaultTo(0))
    .addColumn('adaptive_outcome_max', 'integer')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
