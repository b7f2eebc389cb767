import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionFor } from '../../common/permissions';
import { AREAS } from '../../common/permission-catalog';
import { idParam } from '../../common/ids';
import { auditContext } from '../audit';
import { requirePermission } from '../http/route-access';
import { translate } from '../http/i18n';
import { linkedSignIns, unlinkSignIn } from './linked-sign-ins';
import { findUser } from './users-queries';

const tags = ['users'];
const signIn = z.strictObject({
  kind: z.enum(['sso', 'lti']),
  id: z.number(),
  provider: z.string(),
  subject: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

/** An account's identities at single sign-on providers and LMS platforms (issue 46), for administrators. */
export const linkedSignInsRoutes: FastifyPluginAsyncZod = async (app) => {
  const canEdit = requirePermission(permissionFor(AREAS.users, 'edit'));

  app.get(
    '/users/:id/sign-ins',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary: 'The identities at single sign-on providers and LTI platforms that sign a user in, newest first',
        params: z.object({ id: idParam() }),
        response: { 200: z.strictObject({ data: z.array(signIn) }) },
      },
    },
    async (request) => {
      await findUser(app.db, request.params.id, request.lang);
      const links = await linkedSignIns(app.db, request.params.id);
      return {
        data: links.map(({ provider_en, provider_ar, ...link }) => ({
          ...link,
          provider: request.lang === 'ar' ? provider_ar : provider_en,
        })),
      };
    },
  );

  app.delete(
    '/users/:id/sign-ins/:kind/:linkId',
    {
      config: { access: canEdit },
      schema: {
        tags,
        summary:
          "Unlink one of a user's outside identities: its next sign-in or launch is matched afresh; the user's sessions end; audited (users.sign_in_unlinked)",
        params: z.object({ id: idParam(), kind: z.enum(['sso', 'lti']), linkId: idParam() }),
        response: { 200: z.strictObject({ message: z.string() }) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      await unlinkSignIn(app.db, request.params.id, request.params.kind, request.params.linkId, {
        audit: auditContext(request),
        sessionHash: auth.sessionHash,
        userId: auth.user.id,
      });
      return { message: translate(request.lang, 'sign_ins.unlinked') };
    },
  );
};
