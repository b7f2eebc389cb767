import { ROLES } from '../../common/permissions';
import type { Db } from '../db/database';
import { everyonesAccessChanged } from '../auth';
import { recordAudit, type AuditContext } from '../audit';
import { AppError, invalid, notFound } from '../http/app-error';

/**
 * Sets a role's permissions (issue 41, mission row 8): the whole set, by name. The administrator
 * role holds every permission and is not edited (so nobody locks the console's administration
 * out). Unknown names are refused, each named. The change is audited (what was added and removed),
 * the role is marked as the administrator's from now on (startup adds its defaults no more), and
 * every process reads every session again, so the next request of each of the role's users has it.
 */
export async function setRolePermissions(db: Db, roleId: number, names: readonly string[], audit: AuditContext) {
  return db.transaction().execute(async (trx) => {
    const role = await trx
      .selectFrom('roles')
      .select(['id', 'role'])
      .where('id', '=', roleId)
      .forUpdate()
      .executeTakeFirst();
    if (!role) throw notFound();
    if (role.role === ROLES.admin) throw invalid({ permissions: ['validation.admin_role_permissions'] });
    const wanted = [...new Set(names)];
    const known = wanted.length
      ? await trx.selectFrom('permissions').select(['id', 'permission']).where('permission', 'in', wanted).execute()
      : [];
    const unknown = wanted.filter((name) => !known.some((k) => k.permission === name));
    if (unknown.length)
      throw new AppError(
        422,
        'errors.unknown_permissions',
        { names: unknown.slice(0, 10).join(', ') },
        { permissions: ['validation.unknown_permission'] },
      );
    const before = (
      await trx
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select('permissions.permission')
        .where('role_permissions.role_id', '=', roleId)
        .execute()
    ).map((row) => row.permission);
    await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    if (known.length)
      await trx
        .insertInto('role_permissions')
        .values(known.map((k) => ({ role_id: roleId, permission_id: k.id })))
        .execute();
    await trx.updateTable('roles').set({ permissions_edited_at: new Date() }).where('id', '=', roleId).execute();
    const added = wanted.filter((name) => !before.includes(name)).sort();
    const removed = before.filter((name) => !wanted.includes(name)).sort();
    await recordAudit(trx, {
      ...audit,
      action: 'roles.set_permissions',
      target: `roles/${roleId}`,
      summary: { role: role.role, added, removed },
    });
    await everyonesAccessChanged(trx);
  });
}
