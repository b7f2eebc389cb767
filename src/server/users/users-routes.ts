import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionFor } from '../../common/permissions';
import { listPermissions, AREAS } from '../../common/permission-catalog';
import {
  emailField,
  LIMITS,
  newPassword,
  requiredString,
  setPasswordSchema,
  whenMissing,
} from '../../common/validation';
import { auditContext } from '../audit';
import { requirePermission } from '../http/route-access';
import { idListFilter } from '../http/list-filters';
import { listQuerySchema } from '../http/pagination';
import { findUser, listUsers } from './users-queries';
import { managedUser, userReadBack } from './user-record';
import { installCompiledSerializer } from '../http/response-serializer';
import { listOf } from '../../common/contracts/index';
import {
  assignRole,
  createManagedUser,
  deleteManagedUser,
  removeRole,
  setPassword,
  updateManagedUser,
  type Actor,
} from './users-admin';
import { idParam, idValue } from '../../common/ids';

const area = AREAS.users;
const tags = ['users'];
const idParams = z.object({ id: idParam() });
const aUser = { 200: z.strictObject({ data: managedUser }) };
const name = requiredString('validation.name_required');
const email = emailField('validation.email_required', 'validation.invalid_email');
const roleBody = z.strictObject({
  role: z
    .string({ error: whenMissing('validation.required') })
    .min(1, { error: 'validation.required' })
    .max(120),
});
/** The schools a school user is linked to (their lists and reports are limited to them). */
const schoolIds = z.array(idValue()).max(500).optional();

const createBody = z
  .strictObject({
    name,
    email,
    password: newPassword,
    password_confirmation: z.string().max(LIMITS.password).optional(),
    roles: z.array(z.string().max(120)).max(10).default([]),
    is_active: z.boolean().optional(),
    school_ids: schoolIds,
  })
  .refine((v) => v.password_confirmation === undefined || v.password_confirmation === v.password, {
    error: 'validation.password_mismatch',
    path: ['password_confirmation'],
  });
const updateBody = z.strictObject({
  name,
  email,
  is_active: z.boolean().nullable().optional(),
  school_ids: schoolIds,
  ...userReadBack,
});

const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.auth!.user.id,
  sessionHash: request.auth!.sessionHash,
  audit: auditContext(request),
});

/** Users management (SPEC section 7, Users): list, create, edit, delete, roles and passwords. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const canView = requirePermission(...listPermissions(area));
  const canEdit = requirePermission(permissionFor(area, 'edit'));
  installCompiledSerializer(app);

  app.get(
    '/users',
    {
      config: { access: canView },
      schema: {
        tags,
        summary: 'List users with their roles; filter[id] (a comma list of ids) keeps those users only',
        querystring: listQuerySchema(['id', 'name', 'email', 'created_at'], { sort: 'id', order: 'asc' }).extend({
          'filter[id]': idListFilter(),
        }),
        response: { 200: listOf(managedUser) },
      },
    },
    async (request) => listUsers(app.db, request.query, request.lang),
  );

  app.get(
    '/users/:id',
    { config: { access: canView }, schema: { tags, summary: 'Read a user', params: idParams, response: aUser } },
    async (request) => ({
      data: await findUser(app.db, request.params.id, request.lang),
    }),
  );

  app.post(
    '/users',
    {
      config: { access: requirePermission(permissionFor(area, 'create')) },
      schema: {
        tags,
        summary: 'Create a user; 422 when the email is taken (any case)',
        body: createBody,
        response: { 201: z.strictObject({ data: managedUser }) },
      },
    },
    async (request, reply) => {
      const id = await createManagedUser(app.db, actorOf(request), request.body);
      return reply.status(201).send({ data: await findUser(app.db, id, request.lang) });
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: "Update name, email, active state and linked schools (school_ids); disabling ends the user's sessions",
        params: idParams,
        body: updateBody,
        response: aUser,
      },
    },
    async (request) => {
      await findUser(app.db, request.params.id, request.lang);
      await updateManagedUser(app.db, actorOf(request), request.params.id, request.body);
      return { data: await findUser(app.db, request.params.id, request.lang) };
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: requirePermission(permissionFor(area, 'delete')) },
      schema: {
        tags,
        summary: 'Delete a user and end their sessions; 418 for oneself',
        params: idParams,
        response: aUser,
      },
    },
    async (request) => {
      const user = await findUser(app.db, request.params.id, request.lang);
      await deleteManagedUser(app.db, actorOf(request), request.params.id);
      return { data: user };
    },
  );

  app.post(
    '/users/:id/assign/role',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: "Give a user a role; ends the user's other sessions",
        params: idParams,
        body: roleBody,
        response: aUser,
      },
    },
    async (request) => {
      await findUser(app.db, request.params.id, request.lang);
      await assignRole(app.db, actorOf(request), request.params.id, request.body.role);
      return { data: await findUser(app.db, request.params.id, request.lang) };
    },
  );

  app.post(
    '/users/:id/remove/role',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'Take a role from a user; 418 when an admin removes their own admin role',
        params: idParams,
        body: roleBody,
        response: aUser,
      },
    },
    async (request) => {
      await findUser(app.db, request.params.id, request.lang);
      await removeRole(app.db, actorOf(request), request.params.id, request.body.role);
      return { data: await findUser(app.db, request.params.id, request.lang) };
    },
  );

  app.put(
    '/users/:id/change/password',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: "Set a user's password; ends the user's other sessions",
        params: idParams,
        body: setPasswordSchema,
        response: aUser,
      },
    },
    async (request) => {
      await findUser(app.db, request.params.id, request.lang);
      await setPassword(app.db, actorOf(request), request.params.id, request.body.password);
      return { data: await findUser(app.db, request.params.id, request.lang) };
    },
  );
};
