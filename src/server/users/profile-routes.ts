import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeOwnPasswordSchema, requiredString } from '../../common/validation';
import { translate } from '../http/i18n';
import { presentUser } from '../auth';
import { auditContext } from '../audit';
import { changeOwnPassword, renameUser } from './users-service';

/** The signed-in user's own profile (SPEC section 7, Users: own profile). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/change/information',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: "Change the signed-in user's name",
        body: z.strictObject({ name: requiredString('validation.name_required') }),
      },
    },
    async (request) => {
      const auth = request.auth!;
      await renameUser(app.db, auth.user.id, request.body.name, auditContext(request));
      return { data: presentUser({ ...auth, user: { ...auth.user, name: request.body.name } }, request.lang) };
    },
  );

  app.put(
    '/user/change/password',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: "Change the signed-in user's password; ends the user's other sessions",
        body: changeOwnPasswordSchema,
      },
    },
    async (request) => {
      const auth = request.auth!;
      const passwords = { current: request.body.current_password, next: request.body.password };
      await changeOwnPassword(app.db, auth.user.id, passwords, auth.sessionHash);
      return { message: translate(request.lang, 'profile.password_changed') };
    },
  );
};
