import { sql, type Kysely } from 'kysely';

/**
 * Issue 26, exam day:
 * - students: extra time in minutes beside the percent (an accommodation may be either or both),
 *   with its reason; the student's own display preferences in the player (text size, contrast).
 * - student_exams: a per-assignment override of the student's extra time (null: the student's own),
 *   and when its results reach the student and school staff: when an author or admin releases them
 *   (`release_mode` manual, the default) or once its window has closed (`after_close`, when the
 *   assignment says so); `released_at` says when. Before this issue a student saw their score as
 *   soon as they submitted: assignments made then keep as close to it as they can: those already
 *   submitted count as released, the others release at the end of their window.
 * - exam_attempts: the extra time its deadline holds (the accommodation at its start and every
 *   extension since), and who closed it when a supervisor did (a forced submission).
 * - attempt_presence: what the monitor shows of a running attempt beyond its row: when its player
 *   was last heard from, its last save, the answers the server holds and those its computer has
 *   kept unsent. Server processes write it in batches every few seconds, never per request, and
 *   apart from the attempt's row, which the saves lock (so without a foreign key to it).
 * - audit_log: the school an action concerns (the admin screen filters by it) and the target's type,
 *   derived from `target` (`type/id`), each indexed with the time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('students')
    .addColumn('extra_time_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_time_reason', 'varchar(500)')
    .addColumn('player_preferences', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .alterTable('student_exams')
    .addColumn('extra_time_minutes', 'integer')
    .addColumn('extra_time_percent', 'integer')
    .addColumn('extra_time_reason', 'varchar(500)')
    .addColumn('release_mode', 'varchar(20)', (c) => c.notNull().defaultTo('after_close'))
    .addColumn('released_at', 'timestamptz')
    .addColumn('released_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`alter table student_exams alter column release_mode set default 'manual'`.execute(db);
  await sql`update student_exams set released_at = now() where exists (
    select 1 from exam_attempts a where a.student_exam_id = student_exams.id and a.status = 'submitted')`.execute(db);
  // What the release job looks for every minute.
  await sql`create index student_exams_release_due_index on student_exams (id)
    where release_mode = 'after_close' and released_at is null`.execute(db);

  await db.schema
    .alterTable('exam_attempts')
    .addColumn('extra_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('forced_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('attempt_presence')
    // No foreign key: its check would take a key-share lock on the attempt's row, which every save
    // locks for update; a batch of presence would then wait on saves and hold them back. A reset
    // deletes its attempts' presence itself (ids are never reused, so a row left over is inert).
    .addColumn('attempt_id', 'integer', (c) => c.primaryKey())
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('last_saved_at', 'timestamptz')
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unsent', 'integer')
    .execute();

  await db.schema
    .alterTable('audit_log')
    .addColumn('school_id', 'integer')
    .addColumn('target_type', 'varchar(100)', (c) => c.generatedAlwaysAs(sql`split_part(target, '/', 1)`).stored())
    .execute();
  await db.schema.createIndex('audit_log_at_index').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_action_index').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_school_index').on('audit_log').columns(['school_id', 'at']).execute();
  await db.schema.createIndex('audit_log_target_type_index').on('audit_log').columns(['target_type', 'at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
