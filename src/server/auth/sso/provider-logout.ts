import type { FastifyInstance } from 'fastify';
import { endSessionUrl, providerConfig } from './oidc-client';

/**
 * Where a session opened through a provider goes after our sign-out: the provider's own sign-out
 * (RP-initiated logout), which then sends the browser back to our sign-in page. Null when the
 * provider offers none, is gone, or cannot be reached (our session has ended either way).
 */
export async function providerLogoutUrl(app: FastifyInstance, providerId: number): Promise<string | null> {
  const provider = await app.db.selectFrom('sso_providers').selectAll().where('id', '=', providerId).executeTakeFirst();
  // SAML single logout needs signed requests (a key of ours): a SAML session ends here only.
  if (!provider || provider.protocol !== 'oidc') return null;
  try {
    const config = await providerConfig(provider, !app.config.production, app.secrets);
    return endSessionUrl(config, new URL('login', app.config.publicUrl.replace(/\/?$/, '/')).toString());
  } catch (error) {
    app.log.warn({ err: error, provider: provider.key }, 'single sign-on provider unreachable at sign-out');
    return null;
  }
}
