import type { FastifyInstance } from 'fastify';
import { mediaStorage, storeServerMedia } from '../media';
import { DEMO_PASSWORD } from './demo-accounts';

/** An exam's question as the demo reads it back to answer it (the key's parts it needs). */
export interface DemoQuestion {
  id: number;
  answer_type: string;
  answer_key: { options?: { id: string; correct: boolean }[]; correct?: boolean };
}

export interface DemoClient {
  get<T = unknown>(url: string): Promise<T>;
  post<T = unknown>(url: string, body?: unknown): Promise<T>;
  put<T = unknown>(url: string, body?: unknown): Promise<T>;
  upload<T = unknown>(fileName: string, content: Buffer, label: string): Promise<T>;
  /**
   * Stores a recorded answer owned by this account without the upload route: the demo's attempts
   * are stored directly, and only a student with a running attempt may upload a spoken answer.
   */
  storeRecording(fileName: string, content: Buffer, label: string): Promise<{ file_name: string; path: string }>;
}

/**
 * The demo is loaded through the API itself, signed in as a demo account: the data passes the same
 * validation, sanitizing and lifecycle rules as anything a user enters.
 */
export async function demoClient(app: FastifyInstance, email: string): Promise<DemoClient> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: { email, password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.find((c) => c.name === 'ltm_session');
  if (login.statusCode !== 200 || !cookie)
    throw new Error(`demo sign-in of ${email} failed: ${login.statusCode} ${login.body}`);
  const headers = { cookie: `${cookie.name}=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' };

  async function send(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
    const response = await app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (response.statusCode >= 300)
      throw new Error(`demo data: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.statusCode === 204 ? undefined : response.json().data;
  }

  return {
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body ?? {}),
    put: (url, body) => send('PUT', url, body ?? {}),
    async upload(fileName, content, label) {
      const boundary = `demo${Date.now()}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\n${label}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/upload-media',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      if (response.statusCode !== 201)
        throw new Error(`demo media ${fileName}: ${response.statusCode} ${response.body}`);
      return response.json().data;
    },
    async storeRecording(fileName, content, label) {
      const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const storage = mediaStorage(app.fileStore);
      return storeServerMedia(app.db, storage, { content, name: fileName, label, ownerId: user.id });
    },
  };
}
