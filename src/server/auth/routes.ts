import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, whenMissing } from '../../common/validation';
import { AppError } from '../http/app-error';
import { ownNameOf, presentUser } from './current-user';
import { authenticate, completeSignIn } from './login';
import { answerChallenge, createChallenge, hasSecondFactor } from './mfa';
import { auditContext } from '../audit';
import { DEVICE_COOKIE, DEVICE_DAYS } from './login-devices';
import { createSession, endSession, hashToken, isStudentAccount, loadSession, sessionCookieOptions } from './sessions';

const userResponse = { tags: ['session'] } as const;

/** Sign-in, sign-out and the current user (SPEC section 7, Session). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Ends a sign-in that passed every check: a new session (the one the browser came with ended) and the device cookie. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number, device?: string | null) {
    const known = await completeSignIn(app.db, userId, device);
    // A new id at every sign-in: the session the browser came with (if any) is ended.
    const previous = request.cookies[cookieName];
    if (previous) await endSession(app.db, hashToken(previous));
    const token = await createSession(app.db, userId, policy, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const auth = await loadSession(app.db, token, policy, {
      cache: app.sessionCache,
      mfaRequiredRoles: app.config.mfa.requiredRoles,
    });
    if (!auth) throw new AppError(401, 'errors.invalid_login');
    const student = await isStudentAccount(app.db, userId);
    reply.setCookie(cookieName, token, sessionCookieOptions(policy, app.config.production, student));
    // The browser is known to this account from now on: its own attempts are throttled apart.
    reply.setCookie(DEVICE_COOKIE, known, deviceCookieOptions);
    return { data: presentUser(auth, request.lang, await ownNameOf(app.db, auth, request.lang)) };
  }

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
      return startSession(request, reply, userId, request.cookies[DEVICE_COOKIE]);
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
      const signedIn = await answerChallenge(app.db, app.config.loginThrottle, {
        challenge: request.body.challenge,
        code: request.body.code,
        ip: request.ip,
        audit: auditContext(request),
      });
      return startSession(request, reply, signedIn.userId, signedIn.device);
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
      // Answers before a required second factor is set up: the console learns it must ask for one.
      config: { access: 'authenticated', mfaEnrolment: true },
      schema: { tags: ['session'], summary: 'The signed-in user with roles and permissions' },
    },
    async (request) => ({
      data: presentUser(request.auth!, request.lang, await ownNameOf(app.db, request.auth!, request.lang)),
    }),
  );
};
