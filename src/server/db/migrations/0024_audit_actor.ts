import { sql, type Kysely } from 'kysely';

/**
 * The audit log keeps who did it as they were (issue 39): the actor's name and e-mail at the time,
 * filled by the database on every insert from the users table, so that renaming oneself (which is
 * audited) never rewrites who did what. Rows written before keep none and show the current name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('actor_name', 'varchar(255)')
    .addColumn('actor_email', 'varchar(255)')
    .execute();
  await sql`
    create function audit_log_actor_snapshot() returns trigger language plpgsql as $$
    begin
      if new.actor_id is not null then
        select u.name, coalesce(u.email, u.username) into new.actor_name, new.actor_email
          from users u where u.id = new.actor_id;
      else
        new.actor_name := null;
        new.actor_email := null;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger audit_log_actor_snapshot before insert on audit_log
    for each row execute function audit_log_actor_snapshot()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
