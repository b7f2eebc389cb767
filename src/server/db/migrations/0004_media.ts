import { sql, type Kysely } from 'kysely';

/** Uploaded files: stored under a random name; the user's file name is only metadata. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('file_name', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('image', 'audio', 'document')`))
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('media_owner_id_index').on('media').column('owner_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
