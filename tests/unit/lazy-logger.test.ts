import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../../src/server/app';
import { lazyChildLogger } from '../../src/server/http/lazy-logger';

/** Issue 44: a request's logger is made only when it writes, and writes as Fastify's own child did. */
async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level, redact: { paths: LOG_REDACT, censor: '[redacted]' }, stream },
    childLoggerFactory: lazyChildLogger,
    disableRequestLogging: true,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.info('below warn');
    request.log.warn({ body: { password: 'secret-99' }, detail: 1 }, 'a warning');
    request.log.child({ part: 'inner' }).error('from a child');
    return { level: request.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe('lazyChildLogger', () => {
  it("binds the request id, keeps redaction and the parent's level", async () => {
    const { app, lines } = await appLogging('warn');
    const answer = await app.inject({ method: 'GET', url: '/loud' });
    expect(answer.json()).toEqual({ level: 'warn' });
    expect(lines.map((l) => l.msg)).toEqual(['a warning', 'from a child']);
    expect(lines[0]).toMatchObject({
      reqId: expect.any(String),
      body: { password: '[redacted]' },
      detail: 1,
      level: 40,
    });
    expect(lines[1]).toMatchObject({ reqId: lines[0]!.reqId, part: 'inner', level: 50 });
    await app.close();
  });

  it('writes what the level lets through and nothing for a request that does not log', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/loud' });
    expect(lines.map((l) => l.msg)).toEqual(['below warn', 'a warning', 'from a child']);
    await app.close();
  });
});
