import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, whenMissing } from '../../common/validation';
import { ownNameOf, presentUser } from './current-user';
import { authenticate } from './login';
import { answerChallenge, createChallenge, hasSecondFactor } from './mfa';
import { auditContext } from '../audit';
import { DEVICE_COOKIE } from './login-devices';
import { endBrowserSession, startSession } from './session-start';
import { providerLogoutUrl } from './sso';

const userResponse = { tags: ['session'] } as const;

/** Sign-in, sign-out and the current user (SPEC section 7, Session). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const userId = await authenticate(app.db, app.config.loginThrottle, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        device: request.cookies[DEVICE_COOKIE],
      });
      // A second factor is on: no session yet, a challenge its code is sent with (issue 46).
      if (await hasSecondFactor(app.db, userId)) {
        const challenge = await createChallenge(app.db, userId, request.cookies[DEVICE_COOKIE]);
        return { data: { mfa_required: true, challenge } };
      }
      return startSession(app, request, reply, { userId, device: request.cookies[DEVICE_COOKIE] });
    },
  );

  app.post(
    '/login/mfa',
    {
      config: { access: 'public' },
      schema: {
        ...userResponse,
        summary:
          "Sign in's second step: the challenge a right password gave and a code from the authenticator app (or a recovery code); sets the session cookie",
        body: z.strictObject({
          challenge: z
            .string({ error: whenMissing('validation.required') })
            .min(1)
            .max(100),
          code: z
            .string({ error: whenMissing('mfa.errors.code_required') })
            .trim()
            .min(1, { error: 'mfa.errors.code_required' })
            .max(20),
        }),
      },
    },
    async (request, reply) => {
      const signedIn = await answerChallenge(app, app.config.loginThrottle, {
        challenge: request.body.challenge,
        code: request.body.code,
        ip: request.ip,
        audit: auditContext(request),
      });
      return startSession(app, request, reply, signedIn);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public', session: 'optional' },
      schema: {
        tags: ['session'],
        summary:
          "End the current session; 204, or 200 with {logout_url} for a session opened through single sign-on: the provider's own sign-out, where the browser goes next",
      },
    },
    async (request, reply) => {
      const providerId = request.auth?.ssoProviderId ?? null;
      await endBrowserSession(app, request, reply);
      const logoutUrl = providerId === null ? null : await providerLogoutUrl(app, providerId);
      if (logoutUrl) return reply.send({ data: { logout_url: logoutUrl } });
      return reply.status(204).send();
    },
  );

  app.get(
    '/user',
    {
      // Answers before a required second factor is set up: the console learns it must ask for one.
      config: { access: 'authenticated', mfaEnrolment: true },
      schema: { tags: ['session'], summary: 'The signed-in user with roles and permissions' },
    },
    async (request) => ({
      data: presentUser(request.auth!, request.lang, await ownNameOf(app.db, request.auth!, request.lang)),
    }),
  );
};
