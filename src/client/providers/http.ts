import { HttpError } from 'react-admin';
import { getStoredLanguage } from '../language';
import { countedRequest } from '../pageReady';
import { failureMessage, firstFieldErrors, type ServerErrorBody } from './errors';

export const API_PREFIX = '/api';
/** SPEC section 9: every request gives up after 120 s. */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except a `FormData` (an upload), which the browser encodes as multipart. */
  body?: unknown;
  query?: URLSearchParams;
  /** react-admin's cancellation signal; our own timeout is added on top. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** 'blob': a successful answer is a file (a report, a ZIP), read as a Blob; failures stay JSON. */
  as?: 'blob';
}

export interface HttpResponse<T> {
  status: number;
  json: T;
  headers?: Headers;
}

/** An absolute URL so the same code works in the browser and under jsdom. */
export function apiUrl(path: string, query?: URLSearchParams): string {
  const url = new URL(`${API_PREFIX}${path}`, window.location.origin);
  if (query) url.search = query.toString();
  return url.toString();
}

/**
 * The one fetch wrapper of the console: cookie session, JSON, the stored language, the
 * CSRF header on every state-changing call and a timeout. Failures become react-admin
 * `HttpError`s whose body holds `{message, errors: {field: firstMessage}}`.
 */
export function http<T = unknown>(path: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
  return countedRequest(() => send<T>(path, options));
}

async function send<T>(path: string, options: HttpOptions): Promise<HttpResponse<T>> {
  const method = options.method ?? 'GET';
  // The server refuses state-changing requests without X-Requested-With (CSRF defence); some GETs
  // change state too (the spec's duplicate), so every call sends it.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': getStoredLanguage(),
    'X-Requested-With': 'XMLHttpRequest',
  };
  // A multipart body's Content-Type (with its boundary) is the browser's to set.
  const body =
    options.body instanceof FormData || options.body === undefined ? options.body : JSON.stringify(options.body);
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body,
      signal: controller.signal,
    });
  } catch (error) {
    // A cancellation asked for by react-admin must stay an AbortError so react-query ignores it.
    if (options.signal?.aborted) throw error;
    throw new HttpError(timedOut ? 'errors.timeout' : 'errors.network', 0, {});
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if (response.ok && options.as === 'blob')
    return { status: response.status, json: (await response.blob()) as T, headers: response.headers };
  const json = await readJson(response);
  if (!response.ok) {
    const server = (json ?? {}) as ServerErrorBody;
    const errors = firstFieldErrors(server.errors);
    const body = {
      ...(typeof server.message === 'string' ? { message: server.message } : {}),
      ...(errors ? { errors } : {}),
      // A refusal that carries its report (a roster import with rows in error) keeps it for the screen.
      ...(server.data !== undefined ? { data: server.data } : {}),
    };
    throw new HttpError(failureMessage(body), response.status, body);
  }
  return { status: response.status, json: json as T };
}

/** A call's `{data}` envelope, as react-admin's data provider methods answer. */
export const dataOf = <T>(promise: Promise<HttpResponse<{ data: T }>>): Promise<{ data: T }> =>
  promise.then(({ json }) => ({ data: json.data }));

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy error page is not JSON: treat it as a body without a message.
    return undefined;
  }
}
