import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionFor } from '../../../common/permissions';
import { listPermissions } from '../../../common/permission-catalog';
import { idParam } from '../../../common/ids';
import { ssoProviderFormSchema } from '../../../common/sso-provider-form';
import { auditContext } from '../../audit';
import { requirePermission } from '../../http/route-access';
import { listQuerySchema } from '../../http/pagination';
import { createProvider, deleteProvider, listProviders, readProvider, updateProvider } from './providers-store';

const area = 'sso-providers';
const tags = ['sso'];
const idParams = z.object({ id: idParam() });

/** The single sign-on providers' settings (administrators): list, read, create, edit, delete. */
export const ssoProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  const production = app.config.production;

  app.get(
    '/sso-providers',
    {
      config: { access: requirePermission(...listPermissions(area)) },
      schema: {
        tags,
        summary:
          'List the single sign-on providers (the client secret is never sent: client_secret_set says whether one is kept)',
        querystring: listQuerySchema(['id', 'key', 'name_en', 'name_ar', 'created_at'], { sort: 'id', order: 'asc' }),
      },
    },
    async (request) => listProviders(app.db, request.query),
  );

  app.get(
    '/sso-providers/:id',
    {
      config: { access: requirePermission(...listPermissions(area)) },
      schema: { tags, summary: 'Read a single sign-on provider', params: idParams },
    },
    async (request) => ({ data: await readProvider(app.db, request.params.id) }),
  );

  app.post(
    '/sso-providers',
    {
      config: { access: requirePermission(permissionFor(area, 'create')) },
      schema: {
        tags,
        summary:
          'Add a single sign-on provider (OpenID Connect); 422 for a key in use, a bad issuer, scopes without openid or an unreadable role mapping',
        body: ssoProviderFormSchema,
      },
    },
    async (request, reply) => {
      const id = await createProvider(app, request.body, production, auditContext(request));
      return reply.status(201).send({ data: await readProvider(app.db, id) });
    },
  );

  app.put(
    '/sso-providers/:id',
    {
      config: { access: requirePermission(permissionFor(area, 'edit')) },
      schema: {
        tags,
        summary: 'Edit a single sign-on provider; an empty client_secret keeps the stored one',
        params: idParams,
        body: ssoProviderFormSchema,
      },
    },
    async (request) => {
      await updateProvider(app, request.params.id, request.body, production, auditContext(request));
      return { data: await readProvider(app.db, request.params.id) };
    },
  );

  app.delete(
    '/sso-providers/:id',
    {
      config: { access: requirePermission(permissionFor(area, 'delete')) },
      schema: {
        tags,
        summary: 'Remove a single sign-on provider (its accounts are unlinked, nothing else)',
        params: idParams,
      },
    },
    async (request) => ({ data: await deleteProvider(app.db, request.params.id, auditContext(request)) }),
  );
};
