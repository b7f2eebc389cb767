import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '../../../locales/index';
import { listPermissions, AREAS } from '../../common/permission-catalog';
import { permissionFor, ROLES } from '../../common/permissions';
import { auditContext } from '../audit';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { translate } from '../http/i18n';
import { requirePermission } from '../http/route-access';
import { idParam } from '../../common/ids';
import { installCompiledSerializer } from '../http/response-serializer';
import { setRolePermissions } from './role-permissions';

/** A role with its permissions, its name in the reader's language. */
const roleRecord = z.strictObject({
  id: z.number(),
  role: z.string(),
  name: z.string(),
  permissions: z.array(z.strictObject({ id: z.number(), permission: z.string() })),
});

async function rolesWithPermissions(db: Db, lang: Language, roleId?: number) {
  let roles = db.selectFrom('roles').select(['id', 'role', 'name', 'name_ar']).orderBy('id');
  if (roleId !== undefined) roles = roles.where('id', '=', roleId);
  const rows = await roles.execute();
  const links = rows.length
    ? await db
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select(['role_permissions.role_id', 'permissions.id', 'permissions.permission'])
        .where(
          'role_permissions.role_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('permissions.permission')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    name: lang === 'ar' ? r.name_ar : r.name,
    permissions: links.filter((l) => l.role_id === r.id).map((l) => ({ id: l.id, permission: l.permission })),
  }));
}

/** Roles and what each one may do (SPEC section 7: GET /roles/permissions, GET /roles/{id}/permissions). */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = requirePermission(...listPermissions(AREAS.roles), ...listPermissions(AREAS.users));
  installCompiledSerializer(app);
  app.get(
    '/roles/permissions',
    {
      config: { access },
      schema: {
        tags: ['users'],
        summary: 'Every role with its permissions',
        response: { 200: z.strictObject({ data: z.array(roleRecord) }) },
      },
    },
    async (request) => ({
      data: await rolesWithPermissions(app.db, request.lang),
    }),
  );
  app.get(
    '/roles/:id/permissions',
    {
      config: { access },
      schema: {
        tags: ['users'],
        summary: 'One role with its permissions',
        params: z.object({ id: idParam() }),
        response: { 200: z.strictObject({ data: roleRecord }) },
      },
    },
    async (request) => {
      const [role] = await rolesWithPermissions(app.db, request.lang, request.params.id);
      if (!role) throw notFound();
      return { data: role };
    },
  );
  app.put(
    '/roles/:id/permissions',
    {
      config: { access: requirePermission(permissionFor(AREAS.roles, 'edit')) },
      schema: {
        tags: ['users'],
        summary:
          "Set a role's permissions, the whole set by name (audited; the administrator role holds every permission and is refused)",
        params: z.object({ id: idParam() }),
        body: z.strictObject({ permissions: z.array(z.string().min(1).max(200)).max(2000) }),
        response: { 200: z.strictObject({ message: z.string(), data: roleRecord }) },
      },
    },
    async (request) => {
      await setRolePermissions(app.db, request.params.id, request.body.permissions, {
        audit: auditContext(request),
        isAdmin: request.auth!.roles.some((role) => role.role === ROLES.admin),
      });
      const [role] = await rolesWithPermissions(app.db, request.lang, request.params.id);
      return { message: translate(request.lang, 'roles.permissions_saved'), data: role };
    },
  );
};
