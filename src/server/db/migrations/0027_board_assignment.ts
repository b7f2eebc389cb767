import type { Kysely } from 'kysely';

/**
 * Each leaderboard row names the assignment its result came from (issue 39): a withdrawn release
 * takes its own rows off the board at once, not another result of the student's in the same round.
 * Rows written before keep none until the next refresh rewrites them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('web_report_students').addColumn('student_exam_id', 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
