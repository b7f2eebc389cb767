import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, rostering:
 * - students: a student number unique on the platform (the key every import matches on), a
 *   national id, a date of birth, whether they are active, and their accommodation (extra time in
 *   percent of an exam's duration). Existing students get `S` and their id, zero-padded; a row
 *   written without a number (by a script) gets `N` and the next of a sequence.
 * - users: a username (students sign in with it; young children have no e-mail), unique in any
 *   case; the e-mail becomes optional, which only student accounts use; when they last signed in
 *   (login cards issue a first password only to students who never have).
 * - student_exams: where the student was placed when the exam was assigned (school, class, grade,
 *   level), filled by a trigger from the student's record, so a year's rollover or a move to
 *   another class or school leaves the reports of past rounds as they were. Existing assignments
 *   take the student's placement of today.
 * - roster_imports: an uploaded roster file, its dry run (summary and every row's problems) and
 *   the import job's progress. The file is kept in the row until the import is done, so a job can
 *   run it on any server.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('students')
    .addColumn('student_number', 'varchar(40)')
    .addColumn('national_id', 'varchar(40)')
    .addColumn('date_of_birth', 'date')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('extra_time_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update students set student_number = 'S' || lpad(id::text, 6, '0')`.execute(db);
  await sql`create sequence students_number_seq`.execute(db);
  await sql`alter table students alter column student_number set default 'N' || nextval('students_number_seq')`.execute(
    db,
  );
  await db.schema
    .alterTable('students')
    .alterColumn('student_number', (c) => c.setNotNull())
    .execute();
  await sql`create unique index students_student_number_lower_unique on students (lower(student_number))`.execute(db);
  await db.schema.createIndex('students_school_id_index').on('students').column('school_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('username', 'varchar(60)')
    .addColumn('last_login_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('users')
    .alterColumn('email', (c) => c.dropNotNull())
    .execute();
  await sql`create unique index users_username_lower_unique on users (lower(username))`.execute(db);
  // Every student can sign in: those without an account get one (username from their number, no
  // password until a reset or their class's login cards issue one).
  await sql`insert into users (name, username, password_hash)
    select name_en, lower(student_number), '!' from students where user_id is null`.execute(db);
  await sql`update students set user_id = u.id from users u
    where students.user_id is null and u.username = lower(students.student_number)`.execute(db);
  await sql`insert into user_roles (user_id, role_id)
    select s.user_id, r.id from students s join roles r on r.role = 'com.ltm.roles.student'
    where s.user_id is not null on conflict do nothing`.execute(db);

  // When a school's students last moved up a year: a second rollover soon after is refused (a double click).
  await db.schema.alterTable('schools').addColumn('rolled_over_at', 'timestamptz').execute();
  await db.schema
    .alterTable('student_exams')
    .addColumn('school_id', 'integer')
    .addColumn('school_class_id', 'integer')
    .addColumn('grade_id', 'integer')
    .addColumn('level_id', 'integer')
    .execute();
  await sql`update student_exams se set school_id = s.school_id, school_class_id = s.school_class_id,
    grade_id = s.grade_id, level_id = s.level_id from students s where s.id = se.student_id`.execute(db);
  await sql`
    create function student_exams_placement() returns trigger language plpgsql as $$
    begin
      if new.school_class_id is null then
        select s.school_id, s.school_class_id, s.grade_id, s.level_id
          into new.school_id, new.school_class_id, new.grade_id, new.level_id
          from students s where s.id = new.student_id;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger student_exams_placement before insert on student_exams
    for each row execute function student_exams_placement()`.execute(db);

  await db.schema
    .createTable('roster_imports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('format', 'varchar(20)', (c) => c.notNull())
    .addColumn('encoding', 'varchar(20)')
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('file', 'bytea')
    .addColumn('school_ids', 'jsonb')
    .addColumn('summary', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('rows', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
