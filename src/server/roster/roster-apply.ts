import { sql } from 'kysely';
import { recordAudits, type AuditContext, type AuditEntry } from '../audit';
import type { Db } from '../db/database';
import type { RosterPlan, StudentValues } from './roster-plan';
import { makeClasses } from './roster-new-classes';
import { studentValues } from './student-values';
import { createStudentAccounts } from './student-accounts';
import { changedColumns } from '../audit';

const BATCH = 500;

/**
 * Writes a planned import in one transaction: the classes it makes first, then new students in
 * batches, with their accounts; changed
 * ones updated (their account's name and whether it may sign in follow). Rows in error or unchanged
 * are not touched; the caller refuses a plan with errors. `progress` hears how many rows are done.
 */
export async function applyRoster(
  db: Db,
  { rows, newClasses }: Pick<RosterPlan, 'rows' | 'newClasses'>,
  progress: (done: number) => void = () => undefined,
  /**
   * Who imports, and which import (`importId`): every student created or changed is audited in the
   * import's transaction, a changed one with what changed, before and after (issue 39), as the
   * student form audits one.
   */
  audit?: AuditContext & { importId: number },
): Promise<void> {
  const creates = rows.filter((r) => r.status === 'create');
  const updates = rows.filter((r) => r.status === 'update');
  let done = rows.length - creates.length - updates.length;
  await db.transaction().execute(async (trx) => {
    const classIds = await makeClasses(trx, newClasses, audit);
    for (const row of rows) if (row.newClass && row.values) row.values.school_class_id = classIds.get(row.newClass)!;
    for (let i = 0; i < creates.length; i += BATCH) {
      const batch = creates.slice(i, i + BATCH).map((r) => stored(r.values!));
      const inserted = await trx
        .insertInto('students')
        .values(batch.map((values) => ({ ...values, name: values.name_en })))
        .returning(['id', 'student_number', 'name_en', 'is_active', 'school_id'])
        .execute();
      await createStudentAccounts(trx, inserted);
      if (audit)
        await recordAudits(
          trx,
          inserted.map((student, at) =>
            entry(audit, 'students.create', student.id, student.school_id, null, batch[at]),
          ),
        );
      done += batch.length;
      progress(done);
    }
    for (let i = 0; i < updates.length; i += BATCH) {
      const batch = updates.slice(i, i + BATCH);
      const entries: AuditEntry[] = [];
      for (const row of batch) {
        const values = stored(row.values!);
        const before = audit
          ? await trx.selectFrom('students').select(studentValues).where('id', '=', row.studentId!).executeTakeFirst()
          : undefined;
        await trx
          .updateTable('students')
          .set({ ...values, name: values.name_en, updated_at: sql`now()` })
          .where('id', '=', row.studentId!)
          .execute();
        if (audit)
          entries.push(entry(audit, 'students.update', row.studentId!, values.school_id, before ?? null, values));
      }
      await recordAudits(trx, entries);
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

/** One student's audit entry of an import: what it had before and has after (changed columns only, for a change). */
function entry(
  audit: AuditContext & { importId: number },
  action: 'students.create' | 'students.update',
  id: number,
  schoolId: number | null,
  before: Record<string, unknown> | null,
  after: StudentValues,
): AuditEntry {
  const { importId, ...context } = audit;
  return {
    ...context,
    action,
    target: `students/${id}`,
    schoolId,
    summary: {
      import: importId,
      ...changedColumns(before, after as unknown as Record<string, unknown>, Object.keys(after)),
    },
  };
}
