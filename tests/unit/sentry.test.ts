import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushSentry, initServerSentry, reportError } from '../../src/server/http/sentry';

let server: http.Server;
const received: string[] = [];
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(`${req.url}\n${body}`);
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('server error reporting', () => {
  it('sends nothing before a DSN is configured', async () => {
    reportError(new Error('not sent'));
    await flushSentry();
    expect(received).toEqual([]);
  });

  it('reports an error to the DSN it was given', async () => {
    await initServerSentry(`http://publickey@127.0.0.1:${port}/42`, 'test');
    reportError(new Error('boom for sentry'), { requestId: 'req-1' });
    await flushSentry();
    const envelope = received.join('\n');
    expect(envelope).toContain('/api/42/envelope/');
    expect(envelope).toContain('boom for sentry');
    expect(envelope).toContain('req-1');
  });
});
