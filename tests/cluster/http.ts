import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = { data: unknown }>(): T;
  /** The server that answered behind the balancer (haproxy's X-Served-By). */
  servedBy: string | undefined;
}

/**
 * One request on a new connection (no keep-alive), so that the balancer chooses a server for
 * every request, as it would for many browsers.
 */
export function request(
  base: string,
  method: string,
  target: string,
  options: { cookie?: string; json?: unknown; body?: Buffer; contentType?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', connection: 'close' };
  if (options.cookie) headers.cookie = options.cookie;
  if (body) {
    headers['content-type'] = options.contentType ?? 'application/json';
    headers['content-length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: hostname, port, method, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: bytes,
          json: () => JSON.parse(bytes.toString('utf8')),
          servedBy: response.headers['x-served-by'] as string | undefined,
        });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.setTimeout(60_000, () => sent.destroy(new Error(`timeout: ${method} ${target}`)));
    if (body) sent.write(body);
    sent.end();
  });
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const answer = await request(base, 'POST', '/api/login', { json: { email, password } });
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('ltm_session='));
  if (answer.status !== 200 || !cookie) throw new Error(`sign-in of ${email}: ${answer.status} ${answer.body}`);
  return cookie.split(';')[0]!;
}
