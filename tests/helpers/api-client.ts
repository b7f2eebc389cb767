import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface CallOptions {
  cookie?: string;
  lang?: 'en' | 'ar';
  headers?: Record<string, string>;
  /** Leave out the X-Requested-With header, as a cross-site form or link would. */
  noCsrfHeader?: boolean;
}

/** Calls the API the way the console does: JSON, Accept-Language, and the CSRF header on every call. */
export function call(
  app: App,
  method: Method,
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', ...options.headers };
  if (!options.noCsrfHeader) headers['x-requested-with'] = 'XMLHttpRequest';
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}

/** The `name=value` pair of the session cookie a response set, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'ltm_session');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `${cookie.name}=${cookie.value}`;
}
