import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PlannedRow, StudentValues } from './roster-plan';
import { createStudentAccounts } from './student-accounts';

const BATCH = 500;

/**
 * Writes a planned import in one transaction: new students in batches, with their accounts; changed
 * ones updated (their account's name and whether it may sign in follow). Rows in error or unchanged
 * are not touched; the caller refuses a plan with errors. `progress` hears how many rows are done.
 */
export async function applyRoster(
  db: Db,
  rows: PlannedRow[],
  progress: (done: number) => void = () => undefined,
): Promise<void> {
  const creates = rows.filter((r) => r.status === 'create');
  const updates = rows.filter((r) => r.status === 'update');
  let done = rows.length - creates.length - updates.length;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < creates.length; i += BATCH) {
      const batch = creates.slice(i, i + BATCH).map((r) => stored(r.values!));
      const inserted = await trx
        .insertInto('students')
        .values(batch.map((values) => ({ ...values, name: values.name_en })))
        .returning(['id', 'student_number', 'name_en', 'is_active'])
        .execute();
      await createStudentAccounts(trx, inserted);
      done += batch.length;
      progress(done);
    }
    for (let i = 0; i < updates.length; i += BATCH) {
      const batch = updates.slice(i, i + BATCH);
      for (const row of batch) {
        const values = stored(row.values!);
        await trx
          .updateTable('students')
          .set({ ...values, name: values.name_en, updated_at: sql`now()` })
          .where('id', '=', row.studentId!)
          .execute();
      }
      const ids = batch.map((r) => r.studentId!);
      await sql`update users set name = s.name_en, is_active = s.is_active, updated_at = now()
        from students s where s.user_id = users.id and s.id in (${sql.join(ids)})`.execute(trx);
      done += batch.length;
      progress(done);
    }
  });
  progress(rows.length);
}

const stored = (values: StudentValues) => ({ ...values, date_of_birth: values.date_of_birth ?? null });
