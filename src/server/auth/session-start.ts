import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { SIGNED_IN_COOKIE } from '../../common/session-hint';
import { ownNameOf, presentUser } from './current-user';
import { completeSignIn } from './login';
import { DEVICE_COOKIE, DEVICE_DAYS } from './login-devices';
import { createSession, endSession, hashToken, isStudentAccount, loadSession, sessionCookieOptions } from './sessions';

/**
 * Ends a sign-in that passed every check (a password, its second factor, or a single sign-on
 * provider): a new session (the one the browser came with ended) and the device cookie. Returns
 * the signed-in user as `GET /api/user` presents them.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: { userId: number; device?: string | null; ssoProviderId?: number },
) {
  const { cookieName, ...policy } = app.config.session;
  const known = await completeSignIn(app.db, signIn.userId, signIn.device);
  // A new id at every sign-in: the session the browser came with (if any) is ended.
  const previous = request.cookies[cookieName];
  if (previous) await endSession(app.db, hashToken(previous));
  const token = await createSession(app.db, signIn.userId, policy, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    ssoProviderId: signIn.ssoProviderId,
  });
  const auth = await loadSession(app.db, token, policy, {
    cache: app.sessionCache,
    mfaRequiredRoles: app.config.mfa.requiredRoles,
  });
  if (!auth) throw new AppError(401, 'errors.invalid_login');
  const student = await isStudentAccount(app.db, signIn.userId);
  const cookie = sessionCookieOptions(policy, app.config.production, student);
  reply.setCookie(cookieName, token, cookie);
  // Readable by the console: a sign-in that ends in a redirect (single sign-on, a launch) is noticed,
  // and whose it is (another account stored in the browser is not taken for it).
  reply.setCookie(SIGNED_IN_COOKIE, String(signIn.userId), { ...cookie, httpOnly: false });
  // The browser is known to this account from now on: its own attempts are throttled apart.
  reply.setCookie(DEVICE_COOKIE, known, {
    // Sent to the sign-in route only, never to a page or another API route.
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.production,
    maxAge: DEVICE_DAYS * 86_400,
  });
  return { data: presentUser(auth, request.lang, await ownNameOf(app.db, auth, request.lang)) };
}

/**
 * Ends the session the browser came with, if any, and clears its cookies: sign-out, and a sign-in
 * elsewhere that must not leave the previous person signed in here (a teacher's launch on a shared
 * computer).
 */
export async function endBrowserSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { cookieName } = app.config.session;
  const token = request.cookies[cookieName];
  if (token) await endSession(app.db, hashToken(token));
  reply.clearCookie(cookieName, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}
