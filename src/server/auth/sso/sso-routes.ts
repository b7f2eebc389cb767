import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { auditContext } from '../../audit';
import { startSession } from '../session-start';
import { accountFor, SsoRefused } from './account-match';
import { authorizationUrl, newSignInSecrets, providerConfig, signInClaims } from './oidc-client';
import { keepRequest, takeRequest } from './sso-requests';

const tags = ['sso'];
/** The browser's half of a sign-in under way: its state, sent back to the callback only. */
const STATE_COOKIE = 'ltm_sso';
const keyParams = z.object({ key: z.string().max(40) });

/**
 * Single sign-on through OpenID Connect (issue 46): the sign-in page's buttons, the start (to the
 * provider) and the callback (back from it). Both are browser navigations: a refusal goes back to
 * the sign-in page with its reason (`/login?sso_error=...`), never a JSON error.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowHttp = !app.config.production;
  const callbackUrl = (key: string) =>
    new URL(`api/sso/${key}/callback`, `${app.config.publicUrl.replace(/\/?$/, '/')}`);
  const loginWith = (reply: FastifyReply, reason: string) =>
    reply.redirect(`${new URL('login', `${app.config.publicUrl.replace(/\/?$/, '/')}`).pathname}?sso_error=${reason}`);
  const stateCookie = { path: '/api/sso', httpOnly: true, sameSite: 'lax' as const, secure: app.config.production };

  const activeProvider = (key: string) =>
    app.db
      .selectFrom('sso_providers')
      .selectAll()
      .where('key', '=', key)
      .where('is_active', '=', true)
      .executeTakeFirst();

  app.get(
    '/sso/providers',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The sign-in page's single sign-on buttons: each active provider's key and name in the request's language",
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('sso_providers')
        .select(['key', 'name_en', 'name_ar'])
        .where('is_active', '=', true)
        .orderBy('id')
        .execute();
      return { data: rows.map((row) => ({ key: row.key, name: request.lang === 'ar' ? row.name_ar : row.name_en })) };
    },
  );

  app.get(
    '/sso/:key/start',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Sends the browser to the provider's sign-in (authorization code with PKCE)",
        params: keyParams,
      },
    },
    async (request, reply) => {
      const provider = await activeProvider(request.params.key);
      if (!provider) return loginWith(reply, 'unavailable');
      let url: URL;
      const secrets = newSignInSecrets();
      try {
        const config = await providerConfig(provider, allowHttp);
        url = await authorizationUrl(config, {
          redirectUri: callbackUrl(provider.key).toString(),
          scopes: provider.scopes,
          lang: request.lang,
          ...secrets,
        });
      } catch (error) {
        request.log.warn({ err: error, provider: provider.key }, 'single sign-on provider unreachable');
        return loginWith(reply, 'unavailable');
      }
      await keepRequest(app.db, provider.id, secrets);
      reply.setCookie(STATE_COOKIE, secrets.state, { ...stateCookie, maxAge: 600 });
      return reply.redirect(url.toString());
    },
  );

  app.get(
    '/sso/:key/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The provider's answer: checked (state, PKCE, ID token), matched to an account, signed in; refusals go back to /login",
        params: keyParams,
        querystring: z.record(z.string(), z.string().max(4000)),
      },
    },
    async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, stateCookie);
      const provider = await activeProvider(request.params.key);
      if (!provider) return loginWith(reply, 'unavailable');
      if (request.query.error) return loginWith(reply, 'cancelled');
      const state = request.query.state ?? '';
      // The state must come back to the browser that started: a link to someone else's answer signs nobody in.
      if (!state || request.cookies[STATE_COOKIE] !== state) return loginWith(reply, 'failed');
      const checks = await takeRequest(app.db, provider.id, state);
      if (!checks) return loginWith(reply, 'expired');
      let claims: Record<string, unknown>;
      try {
        const config = await providerConfig(provider, allowHttp);
        const current = callbackUrl(provider.key);
        for (const [name, value] of Object.entries(request.query)) current.searchParams.set(name, value);
        claims = await signInClaims(config, current, checks);
      } catch (error) {
        request.log.warn({ err: error, provider: provider.key }, 'single sign-on answer refused');
        return loginWith(reply, 'failed');
      }
      try {
        const userId = await accountFor(app.db, provider, claims, auditContext(request));
        await startSession(app, request, reply, { userId, ssoProviderId: provider.id });
      } catch (error) {
        if (error instanceof SsoRefused) return loginWith(reply, error.reason);
        throw error;
      }
      return reply.redirect(new URL(`${app.config.publicUrl.replace(/\/?$/, '/')}`).pathname);
    },
  );
};
