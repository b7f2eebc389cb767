import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizationUrl, newSignInSecrets, providerConfig, signInClaims } from './oidc-client';
import { samlClient } from './saml-client';
import { keepRequest, samlRequestCache, takeRequest } from './sso-requests';
import { ssoHttp, STATE_COOKIE } from './sso-http';

const tags = ['sso'];
export const keyParams = z.object({ key: z.string().max(40) });

/**
 * Single sign-on (issue 46): the sign-in page's buttons, the start (to the provider, by either
 * protocol) and OpenID Connect's callback (back from it; SAML's answer comes to saml-routes.ts).
 * Both are browser navigations: a refusal goes back to the sign-in page with its reason
 * (`/login?sso_error=...`), never a JSON error.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowHttp = !app.config.production;
  const http = ssoHttp(app);
  const callbackUrl = (key: string) => new URL(`api/sso/${key}/callback`, http.base);

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
        summary:
          "Sends the browser to the provider's sign-in: OpenID Connect's authorization code with PKCE, or a SAML AuthnRequest (HTTP-Redirect); `return` is the console page to come back to",
        params: keyParams,
        // Anything but a console path is dropped, not refused: the sign-in goes on and ends at home.
        querystring: z.object({ return: z.string().optional().catch(undefined) }),
      },
    },
    async (request, reply) => {
      const provider = await http.activeProvider(request.params.key);
      if (!provider) return http.loginWith(reply, 'unavailable');
      const secrets = newSignInSecrets();
      let url: string;
      try {
        if (provider.protocol === 'saml') {
          // The request's ID is kept with the state by the cache as the request is made.
          const saml = samlClient(provider, app.config.publicUrl, samlRequestCache(app.db, provider.id, secrets.state));
          url = await saml.getAuthorizeUrlAsync('', undefined, {});
        } else {
          const config = await providerConfig(provider, allowHttp, app.secrets);
          url = (
            await authorizationUrl(config, {
              redirectUri: callbackUrl(provider.key).toString(),
              scopes: provider.scopes,
              lang: request.lang,
              ...secrets,
            })
          ).toString();
          await keepRequest(app.db, provider.id, secrets);
        }
      } catch (error) {
        request.log.warn({ err: error, provider: provider.key }, 'single sign-on provider unreachable');
        return http.loginWith(reply, 'unavailable');
      }
      reply.setCookie(STATE_COOKIE, secrets.state, { ...http.stateCookie, maxAge: 600 });
      http.keepReturn(reply, request.query.return);
      return reply.redirect(url);
    },
  );

  app.get(
    '/sso/:key/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "An OpenID Connect provider's answer: checked (state, PKCE, ID token), matched to an account, signed in; refusals go back to /login",
        params: keyParams,
        querystring: z.record(z.string(), z.string().max(4000)),
      },
    },
    async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, http.stateCookie);
      const provider = await http.activeProvider(request.params.key);
      if (!provider || provider.protocol !== 'oidc') return http.loginWith(reply, 'unavailable');
      if (request.query.error) return http.loginWith(reply, 'cancelled');
      const state = request.query.state ?? '';
      // The state must come back to the browser that started: a link to someone else's answer signs nobody in.
      if (!state || request.cookies[STATE_COOKIE] !== state) return http.loginWith(reply, 'failed');
      const checks = await takeRequest(app.db, provider.id, state);
      if (!checks) return http.loginWith(reply, 'expired');
      let claims: Record<string, unknown>;
      try {
        const config = await providerConfig(provider, allowHttp, app.secrets);
        const current = callbackUrl(provider.key);
        for (const [name, value] of Object.entries(request.query)) current.searchParams.set(name, value);
        claims = await signInClaims(config, current, checks);
      } catch (error) {
        request.log.warn({ err: error, provider: provider.key }, 'single sign-on answer refused');
        return http.loginWith(reply, 'failed');
      }
      return http.signInWith(request, reply, provider, claims);
    },
  );
};
