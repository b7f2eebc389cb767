import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SamlStatusError } from '@node-saml/node-saml';
import { z } from 'zod';
import { notFound } from '../../http/app-error';
import { acceptUrlEncodedForms } from '../../http/form-body';
import { samlAddresses, samlClaims, samlClient } from './saml-client';
import { keepAnswer, samlRequestCache, takeAnswer } from './sso-requests';
import { keyParams } from './sso-routes';
import { ssoHttp, STATE_COOKIE } from './sso-http';

const tags = ['sso'];
/** The largest answer taken: a signed assertion with a few hundred group names fits well inside. */
const ANSWER_BYTES = 256 * 1024;

/**
 * SAML 2.0 single sign-on (issue 46), beside OpenID Connect: our metadata for the identity
 * provider's administrator, the assertion consumer (the identity provider's signed answer, posted
 * by the browser from its site) and the completion. The answer is checked where it arrives, then
 * handed over, once and within a minute, to the browser holding the sign-in's state cookie (which a
 * cross-site post does not carry): an answer posted from another browser signs nobody in.
 */
export const samlRoutes: FastifyPluginAsyncZod = async (app) => {
  const http = ssoHttp(app);
  const samlProvider = async (key: string) => {
    const provider = await http.activeProvider(key);
    return provider?.protocol === 'saml' ? provider : undefined;
  };

  acceptUrlEncodedForms(app, ANSWER_BYTES);

  app.get(
    '/sso/:key/metadata',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "This app's SAML service provider metadata for one provider: its entity ID (this address) and assertion consumer",
        params: keyParams,
      },
    },
    async (request, reply) => {
      const provider = await samlProvider(request.params.key);
      if (!provider) throw notFound();
      let metadata: string;
      try {
        metadata = samlClient(
          provider,
          app.config.publicUrl,
          samlRequestCache(app.db, provider.id),
        ).generateServiceProviderMetadata(null);
      } catch {
        // A provider saved without its sign-in address or certificate has no metadata to give.
        throw notFound();
      }
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(metadata);
    },
  );

  app.post(
    '/sso/:key/acs',
    {
      config: { access: 'public', crossSitePost: true },
      schema: {
        tags,
        summary:
          "The identity provider's answer (HTTP-POST binding): signature, issuer, audience, validity and InResponseTo checked, then handed to the browser that started",
        params: keyParams,
        body: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
      },
    },
    async (request, reply) => {
      const provider = await samlProvider(request.params.key);
      if (!provider) return http.loginWith(reply, 'unavailable');
      const answer = request.body?.SAMLResponse;
      if (typeof answer !== 'string' || !answer) return http.loginWith(reply, 'failed');
      // No document type in an answer (entities are a way in, never part of SAML): refused unread.
      if (/<!DOCTYPE/i.test(Buffer.from(answer, 'base64').toString('utf8'))) return http.loginWith(reply, 'failed');
      const cache = samlRequestCache(app.db, provider.id);
      let claims: Record<string, unknown>;
      try {
        const { profile } = await samlClient(provider, app.config.publicUrl, cache).validatePostResponseAsync({
          SAMLResponse: answer,
        });
        if (!profile) throw new Error('The answer holds no assertion');
        claims = samlClaims(profile, {
          issuer: provider.issuer,
          acsUrl: samlAddresses(app.config.publicUrl, provider.key).acsUrl,
        });
      } catch (error) {
        request.log.warn({ err: error, provider: provider.key }, 'SAML answer refused');

        return http.loginWith(reply, error instanceof SamlStatusError ? 'cancelled' : 'failed');
      }
      const stateHash = cache.takenStateHash();
      if (!stateHash) return http.loginWith(reply, 'expired');
      // A NUL in a signed attribute is nothing the database can keep.
      if (JSON.stringify(claims).includes('\\u0000')) return http.loginWith(reply, 'failed');
      const token = await keepAnswer(app.db, provider.id, stateHash, claims);
      const complete = new URL(`api/sso/${provider.key}/complete`, http.base);
      complete.searchParams.set('answer', token);
      // 303: the browser follows with a GET, a top-level navigation that carries the state cookie.
      return reply.redirect(`${complete.pathname}${complete.search}`, 303);
    },
  );

  app.get(
    '/sso/:key/complete',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A checked SAML answer taken by the browser that started the sign-in (its state cookie), matched to an account, signed in',
        params: keyParams,
        querystring: z.object({ answer: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, http.stateCookie);
      const provider = await samlProvider(request.params.key);
      if (!provider) return http.loginWith(reply, 'unavailable');
      const taken = await takeAnswer(app.db, provider.id, request.query.answer ?? '', request.cookies[STATE_COOKIE]);
      if ('refusal' in taken) return http.loginWith(reply, taken.refusal ?? 'failed');
      return http.signInWith(request, reply, provider, taken.claims);
    },
  );
};
