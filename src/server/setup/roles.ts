import { sql } from 'kysely';
import { allPermissions, defaultRolePermissions } from '../../common/permission-catalog';
import { ROLES } from '../../common/permissions';
import type { Db } from '../db/database';

const ROLE_NAMES: Record<string, { name: string; name_ar: string }> = {
  [ROLES.admin]: { name: 'Administrator', name_ar: 'مسؤول النظام' },
  [ROLES.author]: { name: 'Exam author', name_ar: 'معدّ الاختبارات' },
  [ROLES.corrector]: { name: 'Corrector', name_ar: 'مصحّح' },
  [ROLES.school]: { name: 'School staff', name_ar: 'موظف المدرسة' },
  [ROLES.student]: { name: 'Student', name_ar: 'طالب' },
};

/**
 * Makes the permission catalog (fixed areas plus one per resource schema) and the five roles exist:
 * admin holds every permission, the others their defaults but those an administrator took from the
 * role (`role_permission_removals`). Additive and idempotent; runs at every start.
 * `authorReadableAreas` are the schema areas authors read (every lookup, not the admin-only ones).
 */
export async function syncRolesAndPermissions(
  db: Db,
  extraAreas: readonly string[] = [],
  authorReadableAreas: readonly string[] = extraAreas,
): Promise<void> {
  const permissions = allPermissions(extraAreas);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('permissions')
      .values(permissions.map((permission) => ({ permission })))
      .onConflict((oc) => oc.column('permission').doNothing())
      .execute();
    await trx
      .insertInto('roles')
      .values(Object.entries(ROLE_NAMES).map(([role, names]) => ({ role, ...names })))
      .onConflict((oc) => oc.column('role').doNothing())
      .execute();

    await sql`
      insert into role_permissions (role_id, permission_id)
      select r.id, p.id from roles r cross join permissions p where r.role = ${ROLES.admin}
      on conflict do nothing`.execute(trx);

    for (const [role, granted] of Object.entries(defaultRolePermissions(authorReadableAreas))) {
      await sql`
        insert into role_permissions (role_id, permission_id)
        select r.id, p.id from roles r join permissions p on p.permission in (${sql.join(granted)})
        where r.role = ${role}
          and not exists (select 1 from role_permission_removals x where x.role_id = r.id and x.permission_id = p.id)
        on conflict do nothing`.execute(trx);
    }
  });
}
