import { sql, type Kysely } from 'kysely';

/**
 * - Sign-in locks last a full window from the failure that reached the limit: the time of the
 *   last failure is kept.
 * - Authors no longer read users and roles by default: the grants an earlier default gave them
 *   are taken back (an operator can grant them again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('last_failure_at', 'timestamptz').execute();
  await sql`update login_failures set last_failure_at = window_started_at`.execute(db);
  await db.schema
    .alterTable('login_failures')
    .alterColumn('last_failure_at', (c) => c.setNotNull())
    .execute();

  await sql`
    delete from role_permissions rp
    using roles r, permissions p
    where rp.role_id = r.id and rp.permission_id = p.id
      and r.role = 'com.ltm.roles.author'
      and (p.permission like 'com.ltm.permissions.users.%' or p.permission like 'com.ltm.permissions.roles.%')`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
