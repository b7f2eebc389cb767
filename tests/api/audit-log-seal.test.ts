import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/types';
import { migrateToLatest } from '../../src/server/db/migrate';
import { AUDIT_OWNER_ROLE, sealAuditLog } from '../../src/server/db/seal-audit-log';

/**
 * Issue 39: under the deployment guide's roles (the application's role owns its database and is not
 * a superuser), the application's own connection disabled the audit log's append-only trigger and
 * deleted rows. Sealed (`npm run db:seal-audit-log`), the log belongs to another role and the
 * application may only insert and read it. PostgreSQL only: PGlite has one role.
 */
const adminUrl = process.env.DATABASE_URL;
const suffix = randomBytes(4).toString('hex');
const appRole = `ltm_app_${suffix}`;
const database = `ltm_seal_${suffix}`;

const connect = (url: string) =>
  new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
const urlFor = (user: string | null, name: string) => {
  const url = new URL(adminUrl!);
  if (user) url.username = user;
  url.pathname = `/${name}`;
  return url.toString();
};

let cluster: Kysely<Database>;
let app: Kysely<Database>;
let dbAdmin: Kysely<Database>;

/** What the application's connection may still do to the log: the error of each attempt, or 'done'. */
async function attempts(db: Kysely<Database>) {
  const tried = async (statement: ReturnType<typeof sql>) => {
    try {
      await db.transaction().execute(async (trx) => {
        await statement.execute(trx);
        // Whatever went through is undone: each attempt is judged on the same log.
        throw new Error('rolled back: done');
      });
    } catch (error) {
      return /rolled back: done/.test(String(error)) ? 'done' : 'refused';
    }
    return 'done';
  };
  return {
    disable_trigger: await tried(sql`alter table audit_log disable trigger all`),
    drop_trigger: await tried(sql`drop trigger audit_log_no_update_or_delete on audit_log`),
    update: await tried(sql`update audit_log set action = 'nothing'`),
    delete: await tried(sql`delete from audit_log`),
    truncate: await tried(sql`truncate audit_log`),
    disable_then_delete: await tried(sql`alter table audit_log disable trigger all; delete from audit_log`),
    drop_table: await tried(sql`drop table audit_log cascade`),
    drop_function: await tried(sql`drop function audit_log_append_only() cascade`),
    drop_schema: await tried(sql`drop schema public cascade`),
    insert: await tried(sql`insert into audit_log (action, target) values ('test.sealed', 'audit_log')`),
    // What a later migration does to the application's own tables.
    create_table: await tried(sql`create table after_seal (id integer); drop table after_seal`),
    select: await tried(sql`select count(*) from audit_log`),
  };
}

describe.skipIf(!adminUrl)('the sealed audit log (PostgreSQL only; skipped on PGlite)', () => {
  beforeAll(async () => {
    cluster = connect(adminUrl!);
    await sql`create role ${sql.id(appRole)} login nosuperuser nocreaterole nocreatedb`.execute(cluster);
    await sql`create database ${sql.id(database)} owner ${sql.id(appRole)}`.execute(cluster);
    app = connect(urlFor(appRole, database));
    dbAdmin = connect(urlFor(null, database));
    // Migrated by the application's own role, as the deployment guide runs it.
    await migrateToLatest(app);
    await sql`insert into audit_log (action, target) values ('test.before', 'audit_log')`.execute(app);
  }, 120_000);
  afterAll(async () => {
    await app?.destroy();
    await dbAdmin?.destroy();
    if (!cluster) return;
    // pg's pool resolves `end` before its sockets close: a forced drop while they close raised
    // "terminating connection" on a client no one listens to any more. Their sessions end first.
    for (let waited = 0; waited < 10_000; waited += 50) {
      const { rows } = await sql<{ open: number }>`select count(*)::int as open from pg_stat_activity
        where datname = ${database}`.execute(cluster);
      if (rows[0]?.open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sql`drop database if exists ${sql.id(database)} with (force)`.execute(cluster);
    await sql`drop role if exists ${sql.id(appRole)}`.execute(cluster);
    await cluster.destroy();
  });

  it("lets the application's role, as owner, disable the trigger and delete: the finding", async () => {
    const before = await attempts(app);
    expect(before).toMatchObject({
      disable_trigger: 'done',
      drop_trigger: 'done',
      disable_then_delete: 'done',
      drop_table: 'done',
    });
    // The trigger alone refuses the plain statements.
    expect(before).toMatchObject({ update: 'refused', delete: 'refused', truncate: 'refused' });
  });

  it('leaves the application insert and select only once sealed, and sealing again changes nothing', async () => {
    await sealAuditLog(dbAdmin as unknown as Kysely<unknown>, appRole);
    await sealAuditLog(dbAdmin as unknown as Kysely<unknown>, appRole);
    expect(await attempts(app)).toEqual({
      disable_trigger: 'refused',
      drop_trigger: 'refused',
      update: 'refused',
      delete: 'refused',
      truncate: 'refused',
      disable_then_delete: 'refused',
      drop_table: 'refused',
      drop_function: 'refused',
      drop_schema: 'refused',
      insert: 'done',
      create_table: 'done',
      select: 'done',
    });
    const { rows } = await sql<{ owner: string }>`select tableowner as owner from pg_tables
      where tablename = 'audit_log'`.execute(app);
    expect(rows[0]?.owner).toBe(AUDIT_OWNER_ROLE);
    // The application goes on writing its log.
    await sql`insert into audit_log (action, target) values ('test.after', 'audit_log')`.execute(app);
    const kept = await sql<{ action: string }>`select action from audit_log order by id`.execute(app);
    expect(kept.rows.map((r) => r.action)).toEqual(['test.before', 'test.after']);
  });

  it('refuses a role that does not exist or is not a role name', async () => {
    await expect(sealAuditLog(dbAdmin as unknown as Kysely<unknown>, 'no_such_role_x')).rejects.toThrow(
      /no role named/,
    );
    await expect(sealAuditLog(dbAdmin as unknown as Kysely<unknown>, 'x; drop table y')).rejects.toThrow(
      /not a role name/,
    );
  });
});
