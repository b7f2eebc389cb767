import type { Kysely } from 'kysely';

/**
 * An assignment's attempts, newest first (issue 12): the start, the save, the submit and the
 * student's list all ask for an assignment's latest attempt. The partial index of running attempts
 * did not serve them, so each call scanned every attempt; at 10,000 students the database spent a
 * core and a half on it during the start rush.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('exam_attempts_assignment_number_index')
    .on('exam_attempts')
    .columns(['student_exam_id', 'number desc'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
