import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

/** Platforms, grades, schools with their classes, and students: what demo data and later features need. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('platforms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('identifier', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('grades')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('grades_platform_id_index').on('grades').column('platform_id').execute();

  await db.schema
    .createTable('schools')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('school_classes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(255)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(255)', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
    .addColumn('grade_id', 'integer', (c) => c.notNull().references('grades.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('school_classes_school_id_index').on('school_classes').column('school_id').execute();

  await db.schema
    .createTable('students')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
    .addColumn('school_class_id', 'integer', (c) => c.notNull().references('school_classes.id'))
    .addColumn('grade_id', 'integer', (c) => c.notNull().references('grades.id'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('gender', 'varchar(10)', (c) => c.notNull().check(sql`gender in ('male', 'female')`))
    .addColumn('nationality', 'char(2)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('students_school_class_id_index').on('students').column('school_class_id').execute();
  await db.schema.createIndex('students_user_id_index').on('students').column('user_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
