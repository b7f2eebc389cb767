import { sql, type Kysely } from 'kysely';

/**
 * A calibration's design (issue 42): `separate` (each exam calibrated on its own and placed on the
 * scale in turn) or `concurrent` (every exam in one multiple-group calibration).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('calibrations')
    .addColumn('design', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('separate')
        .check(sql`design in ('separate', 'concurrent')`),
    )
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
