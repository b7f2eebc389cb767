import { sql, type Kysely } from 'kysely';

/**
 * The permissions an administrator took from a role (issue 41, `PUT /api/roles/{id}/permissions`):
 * startup gives every role its defaults, but never one of these back. A permission a later release
 * adds to a role's defaults still reaches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table role_permission_removals (
      role_id integer not null references roles (id) on delete cascade,
      permission_id integer not null references permissions (id) on delete cascade,
      primary key (role_id, permission_id)
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
