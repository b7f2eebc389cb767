import { sql, type Kysely } from 'kysely';

/**
 * The audit log's own functions (migration 0043): the trigger that keeps it append-only, with its one
 * exception, and `audit_log_pseudonymise`, the only way to replace an erased student's identity in
 * it. Installed by the migration while the application owns the log, and by `db:seal-audit-log`
 * (idempotent) once its owner does.
 */
export async function installAuditLogFunctions<DB>(db: Kysely<DB>): Promise<void> {
  await sql`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and current_setting('ltm.audit_pseudonymise', true) = 'on'
        and new.id = old.id and new.at = old.at and new.actor_id is not distinct from old.actor_id
        and new.address is not distinct from old.address and new.action = old.action
        and new.target = old.target and new.request_id is not distinct from old.request_id
        and new.school_id is not distinct from old.school_id then
        return new;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  // Replaces each value (a name, a number; three characters or more) by the pseudonym in the summary
  // and reason of the rows whose target is one of the student's, and the actor snapshot of the rows
  // their account wrote. Values are replaced as JSON strings, so the summary stays valid JSON.
  await sql`
    create or replace function audit_log_pseudonymise(p_targets text[], p_actor_id integer, p_values text[], p_pseudonym text)
    returns integer language plpgsql security definer set search_path = public, pg_temp as $$
    declare
      v text;
      rows_changed integer := 0;
      n integer;
      replacement text := substr(to_jsonb(p_pseudonym)::text, 2, length(to_jsonb(p_pseudonym)::text) - 2);
      escaped text;
    begin
      if p_pseudonym !~ '^erased-student-[0-9]+$' then
        raise exception 'not a pseudonym: %', p_pseudonym using errcode = 'invalid_parameter_value';
      end if;
      perform set_config('ltm.audit_pseudonymise', 'on', true);
      foreach v in array coalesce(p_values, '{}') loop
        continue when v is null or length(v) < 3 or v in ('null', 'true', 'false');
        -- A value of digits alone could sit inside a number of the summary: only a whole string is replaced.
        escaped := case when v ~ '^[0-9.eE+-]+$' then to_jsonb(v)::text
          else substr(to_jsonb(v)::text, 2, length(to_jsonb(v)::text) - 2) end;
        update audit_log set
          summary = replace(summary::text, escaped,
            case when left(escaped, 1) = '"' then to_jsonb(p_pseudonym)::text else replacement end)::jsonb,
          reason = replace(reason, v, p_pseudonym)
        where (target = any(p_targets) or (p_actor_id is not null and actor_id = p_actor_id))
          and (strpos(summary::text, escaped) > 0 or strpos(coalesce(reason, ''), v) > 0);
        get diagnostics n = row_count;
        rows_changed := rows_changed + n;
      end loop;
      if p_actor_id is not null then
        update audit_log set actor_name = p_pseudonym, actor_email = null
        where actor_id = p_actor_id and (actor_name is distinct from p_pseudonym or actor_email is not null);
        get diagnostics n = row_count;
        rows_changed := rows_changed + n;
      end if;
      perform set_config('ltm.audit_pseudonymise', 'off', true);
      return rows_changed;
    end $$`.execute(db);
}

/** Whether the connection's role may alter the log (owns it, or is a superuser): false once sealed. */
export async function ownsAuditLog<DB>(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ owns: boolean }>`
    select pg_has_role(c.relowner, 'USAGE') as owns from pg_class c where c.relname = 'audit_log' and c.relkind = 'r'`.execute(
    db,
  );
  return rows[0]?.owns === true;
}
