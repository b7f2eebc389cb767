import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request with the request target sent exactly as given (no URL normalisation, unlike
 * fetch), so encoded and malformed paths reach the server as an attacker would send them.
 * A connection the server drops rejects with the socket's error.
 */
export function rawRequest(
  base: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  const headers = { ...options.headers };
  if (options.body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`timeout: ${method} ${target}`)));
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** Signs in over HTTP and returns the Cookie header value. */
export async function rawSignIn(base: string, email: string, password: string): Promise<string> {
  const response = await rawRequest(base, 'POST', '/api/login', {
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('ltm_session='));
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${response.body}`);
  return cookie.split(';')[0];
}
