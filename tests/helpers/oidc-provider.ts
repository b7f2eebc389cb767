import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/**
 * A real OpenID Provider in the test process (`oidc-provider`, certified), over HTTP on a free
 * port: its development sign-in pages stand for the provider's own, and each account's claims
 * are what the test says. ID tokens carry the scopes' claims (groups, a student number).
 */
export async function startOidcProvider(options: {
  clients: ClientMetadata[];
  accounts: Record<string, Record<string, unknown>>;
}) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: options.clients,
    async findAccount(_ctx, sub) {
      const claims = options.accounts[sub];
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
      student: ['student_number'],
    },
    conformIdTokenClaims: false,
    // A client may ask for ID tokens signed with its secret: our side must refuse them.
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'HS256'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['a test key that signs the provider cookies'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookie jar for one host: what `Set-Cookie` said, sent back as `Cookie`. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * A person at the provider: follows its redirects, signs in as `login` on its sign-in page and
 * agrees on its consent page, until the provider sends the browser away from itself (to our
 * callback). Returns that address.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Jar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let body: URLSearchParams | null = null;
  for (let step = 0; step < 12; step += 1) {
    const response: Response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: body ?? undefined,
    });
    jar.take(response);
    body = null;
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url);
      if (url.origin !== origin) return url;
      continue;
    }
    const page: string = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!prompt)
      throw new Error(
        `The provider answered ${response.status}: ${page
          .replace(/<style[\s\S]*?<\/style>/, '')
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 400)}`,
      );
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('The provider never sent the browser back');
}
