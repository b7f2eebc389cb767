import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/types';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate';
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

/**
 * Drops a test database once its connections have gone: pg's pool resolves `end` before its sockets
 * close, and a forced drop while they close raised "terminating connection" on a client no one
 * listens to any more.
 */
async function dropWhenClosed(name: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const { rows } = await sql<{ open: number }>`select count(*)::int as open from pg_stat_activity
      where datname = ${name}`.execute(cluster);
    if (rows[0]?.open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(cluster);
}
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
    // An erased student's identity is replaced by the owner's function alone (issue 45).
    update_by_setting: await tried(
      sql`select set_config('ltm.audit_pseudonymise', 'on', true); update audit_log set summary = '{}'::jsonb`,
    ),
    update_action_by_setting: await tried(
      sql`select set_config('ltm.audit_pseudonymise', 'on', true); update audit_log set action = 'nothing'`,
    ),
    pseudonymise: await tried(
      sql`select audit_log_pseudonymise(array['students/1'], null, array['Layla Hassan'], 'erased-student-1')`,
    ),
    pseudonymise_as_anything: await tried(
      sql`select audit_log_pseudonymise(array['students/1'], null, array['Layla Hassan'], 'Someone else')`,
    ),
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
    await dropWhenClosed(database);
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
    // Before sealing the owner may set the switch itself; the trigger still lets only identities change.
    expect(before).toMatchObject({
      update_by_setting: 'done',
      update_action_by_setting: 'refused',
      pseudonymise: 'done',
      pseudonymise_as_anything: 'refused',
    });
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
      update_by_setting: 'refused',
      update_action_by_setting: 'refused',
      pseudonymise: 'done',
      pseudonymise_as_anything: 'refused',
    });
    // The function replaces the identity and nothing else of the row.
    await sql`insert into audit_log (action, target, summary, reason)
      values ('students.update', 'students/1', '{"name_en": "Layla Hassan", "school_id": 4}', 'Layla Hassan moved')`.execute(
      app,
    );
    await sql`select audit_log_pseudonymise(array['students/1'], null, array['Layla Hassan'], 'erased-student-1')`.execute(
      app,
    );
    const { rows: erased } = await sql<{ action: string; summary: unknown; reason: string }>`
      select action, summary, reason from audit_log where target = 'students/1'`.execute(app);
    expect(erased).toEqual([
      {
        action: 'students.update',
        summary: { name_en: 'erased-student-1', school_id: 4 },
        reason: 'erased-student-1 moved',
      },
    ]);
    const { rows } = await sql<{ owner: string }>`select tableowner as owner from pg_tables
      where tablename = 'audit_log'`.execute(app);
    expect(rows[0]?.owner).toBe(AUDIT_OWNER_ROLE);
    // The application goes on writing its log.
    await sql`insert into audit_log (action, target) values ('test.after', 'audit_log')`.execute(app);
    const kept = await sql<{ action: string }>`select action from audit_log order by id`.execute(app);
    expect(kept.rows.map((r) => r.action)).toEqual(['test.before', 'students.update', 'test.after']);
  });

  it('lets an upgrade of a log sealed before migration 0043 through, and sealing again installs its function', async () => {
    // A database of the release before, sealed, then upgraded by the application's role.
    const earlier = `${database}_0042`;
    await sql`create database ${sql.id(earlier)} owner ${sql.id(appRole)}`.execute(cluster);
    const appEarlier = connect(urlFor(appRole, earlier));
    const adminEarlier = connect(urlFor(null, earlier));
    try {
      await migrateTo(appEarlier, '0042_safe_exam_browser');
      await sealAuditLog(adminEarlier as unknown as Kysely<unknown>, appRole);
      await sql`drop function audit_log_pseudonymise(text[], integer, text[], text)`.execute(adminEarlier);
      await migrateToLatest(appEarlier);
      const pseudonymise = () =>
        sql`select audit_log_pseudonymise(array['students/2'], null, array['Omar Ali'], 'erased-student-2')`.execute(
          appEarlier,
        );
      await expect(pseudonymise()).rejects.toThrow(/does not exist/);
      await sealAuditLog(adminEarlier as unknown as Kysely<unknown>, appRole);
      await expect(pseudonymise()).resolves.toBeDefined();
      const { rows } = await sql<{ owner: string }>`select pg_get_userbyid(proowner) as owner from pg_proc
        where proname = 'audit_log_pseudonymise'`.execute(appEarlier);
      expect(rows).toEqual([{ owner: AUDIT_OWNER_ROLE }]);
    } finally {
      await appEarlier.destroy();
      await adminEarlier.destroy();
      await dropWhenClosed(earlier);
    }
  }, 120_000);

  it('refuses a role that does not exist or is not a role name', async () => {
    await expect(sealAuditLog(dbAdmin as unknown as Kysely<unknown>, 'no_such_role_x')).rejects.toThrow(
      /no role named/,
    );
    await expect(sealAuditLog(dbAdmin as unknown as Kysely<unknown>, 'x; drop table y')).rejects.toThrow(
      /not a role name/,
    );
  });
});
