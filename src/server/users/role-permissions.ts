import { ADMIN_ONLY_AREAS } from '../../common/permission-catalog';
import { parsePermission, ROLES } from '../../common/permissions';
import type { Db } from '../db/database';
import { everyonesAccessChanged } from '../auth';
import { recordAudit, type AuditContext } from '../audit';
import { AppError, forbidden, invalid, notFound } from '../http/app-error';

/**
 * Sets a role's permissions (issue 41, mission row 8): the whole set, by name. The administrator
 * role holds every permission and is not edited (so nobody locks the console's administration
 * out). Unknown names are refused, each named. The change is audited (what was added and removed),
 * what was taken is kept as taken (startup never gives a default back that an administrator took), and
 * every process reads every session again, so the next request of each of the role's users has it.
 * Only an administrator sets permissions (a role given `roles.edit` could otherwise grant itself
 * anything), and the administrator's own areas (users, roles, the audit log) are never granted.
 */
export async function setRolePermissions(
  db: Db,
  roleId: number,
  names: readonly string[],
  caller: { audit: AuditContext; isAdmin: boolean },
) {
  if (!caller.isAdmin) throw forbidden();
  const audit = caller.audit;
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
    const adminOnly = wanted.filter((name) => ADMIN_ONLY_AREAS.includes(parsePermission(name)?.area ?? ''));
    if (adminOnly.length)
      throw new AppError(
        422,
        'errors.admin_only_permissions',
        { names: adminOnly.slice(0, 10).join(', ') },
        { permissions: ['validation.admin_only_permission'] },
      );
    const unknown = wanted.filter((name) => !known.some((k) => k.permission === name));
    if (unknown.length)
      throw new AppError(
        422,
        'errors.unknown_permissions',
        { names: unknown.slice(0, 10).join(', ') },
        { permissions: ['validation.unknown_permission'] },
      );
    const beforeRows = await trx
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select(['permissions.id', 'permissions.permission'])
      .where('role_permissions.role_id', '=', roleId)
      .execute();
    const before = beforeRows.map((row) => row.permission);
    await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    if (known.length)
      await trx
        .insertInto('role_permissions')
        .values(known.map((k) => ({ role_id: roleId, permission_id: k.id })))
        .execute();
    const added = wanted.filter((name) => !before.includes(name)).sort();
    const removed = before.filter((name) => !wanted.includes(name)).sort();
    // What was taken stays taken at the next start; what was given is no longer a removal.
    const removedIds = beforeRows.filter((row) => removed.includes(row.permission)).map((row) => row.id);
    if (removedIds.length)
      await trx
        .insertInto('role_permission_removals')
        .values(removedIds.map((id) => ({ role_id: roleId, permission_id: id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (known.length)
      await trx
        .deleteFrom('role_permission_removals')
        .where('role_id', '=', roleId)
        .where(
          'permission_id',
          'in',
          known.map((k) => k.id),
        )
        .execute();
    await recordAudit(trx, {
      ...audit,
      action: 'roles.set_permissions',
      target: `roles/${roleId}`,
      summary: { role: role.role, added, removed },
    });
    await everyonesAccessChanged(trx);
  });
}
