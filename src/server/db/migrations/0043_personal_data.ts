import { sql, type Kysely } from 'kysely';
import { installAuditLogFunctions, ownsAuditLog } from '../audit-log-functions';

/**
 * Issue 45, a student's data as the law expects:
 * - `students.left_at`: when a student stopped being active (kept by the database whenever
 *   `is_active` changes), from which the retention period of leavers counts; `erased_at`: when their
 *   personal data was erased (src/server/privacy).
 * - The audit log stays append-only, with one exception made in the database: its owner's function
 *   `audit_log_pseudonymise` replaces an erased student's identity (their name, number, username)
 *   in the rows about them and in the actor snapshot of rows by their account, and changes nothing
 *   else of any row. The trigger refuses every other update, delete and truncate as before. Once
 *   the log is sealed (db/seal-audit-log.ts) the application can run that function and nothing more.
 *   A log sealed before this migration is its owner's: the migration leaves it, and sealing it again
 *   (as after every upgrade) installs both functions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('students')
    .addColumn('left_at', 'timestamptz')
    .addColumn('erased_at', 'timestamptz')
    .execute();
  await sql`update students set left_at = updated_at where is_active = false`.execute(db);
  await sql`
    create function students_left_at() returns trigger language plpgsql as $$
    begin
      if new.is_active is distinct from old.is_active then
        new.left_at := case when new.is_active then null else now() end;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger students_left_at before update on students
    for each row execute function students_left_at()`.execute(db);
  await sql`create index students_left_at_index on students (left_at) where left_at is not null and erased_at is null`.execute(
    db,
  );

  // On a sealed log the functions belong to its owner: `npm run db:seal-audit-log` installs them.
  if (await ownsAuditLog(db)) await installAuditLogFunctions(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
