import { type Kysely } from 'kysely';

/**
 * Scaled scores in the web reports (issue 42): per grain (as the other web report tables) and
 * reporting scale, the students measured, the sum of their abilities (logits), and how many of them
 * had cut scores to be placed by and at which performance level. The refresh writes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_report_scale_figures')
    .addColumn('platform_id', 'integer', (c) => c.notNull())
    .addColumn('academic_year_id', 'integer')
    .addColumn('round_id', 'integer', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('grade_id', 'integer', (c) => c.notNull())
    .addColumn('scale_id', 'integer', (c) => c.notNull())
    .addColumn('measured', 'integer', (c) => c.notNull())
    .addColumn('ability_sum', 'double precision', (c) => c.notNull())
    .addColumn('leveled', 'integer', (c) => c.notNull())
    .addColumn('below', 'integer', (c) => c.notNull())
    .addColumn('approaching', 'integer', (c) => c.notNull())
    .addColumn('meeting', 'integer', (c) => c.notNull())
    .addColumn('exceeding', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('web_report_scale_figures_school_index')
    .on('web_report_scale_figures')
    .column('school_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
