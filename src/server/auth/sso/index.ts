export { ssoRoutes } from './sso-routes';
export { samlRoutes } from './saml-routes';
export { ssoProvidersRoutes } from './providers-routes';
export { endSessionUrl, providerConfig } from './oidc-client';
export { providerLogoutUrl } from './provider-logout';
