import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeOwnPasswordSchema, LIMITS, requiredString, whenMissing } from '../../common/validation';
import { AppError } from '../http/app-error';
import { translate } from '../http/i18n';
import { presentUser } from './current-user';
import { authenticate } from './login';
import { createSession, endSession, endUserSessions, hashToken, loadSession } from './sessions';
import { changeOwnPassword, renameUser } from '../users/users-service';

const userResponse = { tags: ['session'] } as const;

/** Sign-in, sign-out, the current user and the profile (SPEC section 7, Session; Users own profile). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cookieName, ...policy } = app.config.session;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.production,
    maxAge: policy.absoluteHours * 3600,
  };

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        ...userResponse,
        summary: 'Sign in; sets the session cookie and returns the current user',
        body: z.strictObject({
          email: z.string({ error: whenMissing('validation.email_required') }).trim().min(1, { error: 'validation.email_required' }).max(LIMITS.email),
          password: z.string({ error: whenMissing('validation.password_required') }).min(1, { error: 'validation.password_required' }).max(LIMITS.password),
        }),
      },
    },
    async (request, reply) => {
      const userId = await authenticate(app.db, app.config.loginThrottle, request.body.email, request.body.password, request.ip);
      // A new id at every sign-in: the session the browser came with (if any) is ended.
      const previous = request.cookies[cookieName];
      if (previous) await endSession(app.db, hashToken(previous));
      const token = await createSession(app.db, userId, policy, { ip: request.ip, userAgent: request.headers['user-agent'] });
      const auth = await loadSession(app.db, token, policy);
      if (!auth) throw new AppError(401, 'errors.invalid_login');
      reply.setCookie(cookieName, token, cookieOptions);
      return { data: presentUser(auth, request.lang) };
    },
  );

  app.post(
    '/logout',
    { config: { access: 'public' }, schema: { tags: ['session'], summary: 'End the current session' } },
    async (request, reply) => {
      if (request.auth) await endSession(app.db, request.auth.sessionHash);
      reply.clearCookie(cookieName, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.get(
    '/user',
    { config: { access: 'authenticated' }, schema: { tags: ['session'], summary: 'The signed-in user with roles and permissions' } },
    async (request) => ({ data: presentUser(request.auth!, request.lang) }),
  );

  app.put(
    '/user/change/information',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: 'Change the signed-in user\'s name',
        body: z.strictObject({ name: requiredString('validation.name_required') }),
      },
    },
    async (request) => {
      const auth = request.auth!;
      await renameUser(app.db, auth.user.id, request.body.name);
      return { data: presentUser({ ...auth, user: { ...auth.user, name: request.body.name } }, request.lang) };
    },
  );

  app.put(
    '/user/change/password',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['profile'],
        summary: 'Change the signed-in user\'s password; ends the user\'s other sessions',
        body: changeOwnPasswordSchema,
      },
    },
    async (request) => {
      const auth = request.auth!;
      await changeOwnPassword(app.db, auth.user.id, request.body.current_password, request.body.password);
      await endUserSessions(app.db, auth.user.id, auth.sessionHash);
      return { message: translate(request.lang, 'profile.password_changed') };
    },
  );
};
