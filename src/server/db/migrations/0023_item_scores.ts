import type { Kysely } from 'kysely';

/**
 * Each attempt's item scores and choices, kept compactly with its result (`question:score;...` and
 * `question:choice;...`) so that an exam's item analysis reads one short row per attempt instead of
 * every answer and every mark. Attempts stored before this keep none and are read the old way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exam_attempts')
    .addColumn('item_scores', 'text')
    .addColumn('item_choices', 'text')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
