import type { Kysely } from 'kysely';

/**
 * When an administrator last set a role's permissions (issue 41, `PUT /api/roles/{id}/permissions`).
 * From then on the role's permissions are theirs: startup no longer adds the role's defaults back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('roles').addColumn('permissions_edited_at', 'timestamptz').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
