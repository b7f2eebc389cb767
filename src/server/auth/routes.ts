import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, whenMissing } from '../../common/validation';
import { AppError } from '../http/app-error';
import { ownNameOf, presentUser } from './current-user';
import { authenticate } from './login';
import { DEVICE_COOKIE, DEVICE_DAYS } from './login-devices';
import { createSession, endSession, hashToken, isStudentAccount, loadSession, sessionCookieOptions } from './sessions';

const userResponse = { tags: ['session'] } as const;

/** Sign-in, sign-out and the current user (SPEC section 7, Session). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cookieName, ...policy } = app.config.session;
  // Sent to the sign-in route only, never to a page or another API route.
  const deviceCookieOptions = {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: app.config.production,
    maxAge: DEVICE_DAYS * 86_400,
  };

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        ...userResponse,
        summary: 'Sign in; sets the session cookie and returns the current user',
        body: z.strictObject({
          email: z
            .string({ error: whenMissing('validation.email_required') })
            .trim()
            .min(1, { error: 'validation.email_required' })
            .max(LIMITS.email),
          password: z
            .string({ error: whenMissing('validation.password_required') })
            .min(1, { error: 'validation.password_required' })
            .max(LIMITS.password),
        }),
      },
    },
    async (request, reply) => {
      const { userId, device } = await authenticate(app.db, app.config.loginThrottle, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        device: request.cookies[DEVICE_COOKIE],
      });
      // A new id at every sign-in: the session the browser came with (if any) is ended.
      const previous = request.cookies[cookieName];
      if (previous) await endSession(app.db, hashToken(previous));
      const token = await createSession(app.db, userId, policy, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const auth = await loadSession(app.db, token, policy, { cache: app.sessionCache });
      if (!auth) throw new AppError(401, 'errors.invalid_login');
      const student = await isStudentAccount(app.db, userId);
      reply.setCookie(cookieName, token, sessionCookieOptions(policy, app.config.production, student));
      // The browser is known to this account from now on: its own attempts are throttled apart.
      reply.setCookie(DEVICE_COOKIE, device, deviceCookieOptions);
      return { data: presentUser(auth, request.lang, await ownNameOf(app.db, auth, request.lang)) };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public', session: 'optional' },
      schema: { tags: ['session'], summary: 'End the current session' },
    },
    async (request, reply) => {
      if (request.auth) await endSession(app.db, request.auth.sessionHash);
      reply.clearCookie(cookieName, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.get(
    '/user',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['session'], summary: 'The signed-in user with roles and permissions' },
    },
    async (request) => ({
      data: presentUser(request.auth!, request.lang, await ownNameOf(app.db, request.auth!, request.lang)),
    }),
  );
};
