import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditContext, recordAudit } from '../../audit';
import { consolePath } from '../../../common/return-path';
import { startSession } from '../session-start';
import { accountFor, SsoRefused } from './account-match';

/** The browser's half of a sign-in under way: its state, sent back to our single sign-on addresses only. */
export const STATE_COOKIE = 'ltm_sso';
/** The console page the sign-in started from, to come back to once signed in (checked again there). */
export const RETURN_COOKIE = 'ltm_sso_return';

/** What the single sign-on routes of both protocols share: addresses, the state cookie, the ends of a sign-in. */
export function ssoHttp(app: FastifyInstance) {
  const base = app.config.publicUrl.replace(/\/?$/, '/');
  const stateCookie = { path: '/api/sso', httpOnly: true, sameSite: 'lax' as const, secure: app.config.production };
  return {
    base,
    stateCookie,
    /** The sign-in page with a refusal's reason, in the reader's language there. */
    loginWith: (reply: FastifyReply, reason: string) =>
      reply.clearCookie(RETURN_COOKIE, stateCookie).redirect(`${new URL('login', base).pathname}?sso_error=${reason}`),
    /** Keeps the page a sign-in starts from (`?return=`, a console path) for its end; forgets an earlier one. */
    keepReturn(reply: FastifyReply, value: unknown) {
      const path = consolePath(value);
      if (path) reply.setCookie(RETURN_COOKIE, path, { ...stateCookie, maxAge: 600 });
      else reply.clearCookie(RETURN_COOKIE, stateCookie);
    },
    activeProvider: (key: string) =>
      app.db
        .selectFrom('sso_providers')
        .selectAll()
        .where('key', '=', key)
        .where('is_active', '=', true)
        .executeTakeFirst(),
    /** A verified answer's claims, matched to an account and signed in; a refusal goes back to the sign-in page. */
    async signInWith(
      request: FastifyRequest,
      reply: FastifyReply,
      provider: Parameters<typeof accountFor>[1],
      claims: Record<string, unknown>,
    ) {
      try {
        const userId = await accountFor(app.db, provider, claims, auditContext(request));
        await startSession(app, request, reply, { userId, ssoProviderId: provider.id });
      } catch (error) {
        if (!(error instanceof SsoRefused)) throw error;
        // A verified answer that signs nobody in: the administrators see who tried, and why.
        await recordAudit(app.db, {
          ...auditContext(request),
          action: 'sso_providers.sign_in_refused',
          target: `sso-providers/${provider.id}`,
          summary: { provider: provider.key, reason: error.reason, subject: String(claims.sub) },
        });
        return this.loginWith(reply, error.reason);
      }
      // Back to the page the sign-in started from, on this site; otherwise home, which picks the user's page.
      const back = consolePath(request.cookies[RETURN_COOKIE]);
      reply.clearCookie(RETURN_COOKIE, stateCookie);
      // Appended to the base's path, never resolved against it: `ftp:x//host` is a path here, not an address.
      return reply.redirect(`${new URL(base).pathname}${back ? back.slice(1) : ''}`);
    },
  };
}
