import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import type { Config } from '../../src/server/config';
import { buildUser } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));

async function appTrusting(trustProxy: Config['trustProxy'], overrides: Partial<Config> = {}) {
  const t = await createTestApp({ trustProxy, ...overrides });
  contexts.push(t);
  return t;
}

/** Signs in from `remoteAddress` with an X-Forwarded-For header; the address the server took is the session's. */
async function addressSeen(t: TestContext, remoteAddress: string, forwardedFor: string) {
  const user = await buildUser(t.db, { role: ROLES.author });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': forwardedFor },
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  const session = await t.db
    .selectFrom('sessions')
    .select('ip')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return session.ip;
}

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const t = await appTrusting(false);
    expect(await addressSeen(t, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('with a hop count, takes the address the trusted proxy saw, not one the client wrote', async () => {
    const t = await appTrusting(1);
    // The client sent "X-Forwarded-For: 198.51.100.1"; the load balancer (10.0.0.2) appended the real address.
    expect(await addressSeen(t, '10.0.0.2', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeen(t, '10.0.0.2', '203.0.113.8')).toBe('203.0.113.8');
  });

  it('with proxy ranges, skips only the trusted proxies and never trusts a client sending the header itself', async () => {
    const t = await appTrusting(['10.0.0.0/8']);
    expect(await addressSeen(t, '10.0.0.2', '198.51.100.1, 203.0.113.7, 10.1.1.1')).toBe('203.0.113.7');
    // Straight from the internet (not a trusted proxy): the header is the client's own words.
    expect(await addressSeen(t, '203.0.113.9', '198.51.100.1, 10.1.1.1')).toBe('203.0.113.9');
  });

  it('keeps counting sign-in failures on the real address whatever the client writes in X-Forwarded-For', async () => {
    const t = await appTrusting(1, {
      loginThrottle: {
        failuresBeforeDelay: 5,
        firstDelaySeconds: 60,
        perAccount: 25,
        perAddress: 3,
        windowMinutes: 15,
      },
    });
    const attempt = (spoofed: string, email: string, password = 'wrong-pass-1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': `${spoofed}, 203.0.113.5` },
        payload: { email, password },
      });
    for (let i = 1; i <= 3; i++)
      expect((await attempt(`198.51.100.${i}`, `nobody${i}@example.test`)).statusCode).toBe(401);
    // Past the address's ceiling a name that failed from it waits, whatever address the client claims.
    expect((await attempt('198.51.100.99', 'nobody1@example.test')).statusCode).toBe(429);
    const keys = (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('login:address:203.0.113.5');
    expect(keys.some((key) => key.includes('198.51.100.'))).toBe(false);
  });
});

describe('a TRUST_PROXY that would trust every address', () => {
  /** Starts the server as an operator does, with `env` added; its exit code and everything it wrote. */
  function start(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-trust-'));
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://assess.example.org',
      ...env,
    };
    delete childEnv.DATABASE_URL; // an embedded database of its own, should it get that far
    // Node itself (not the tsx wrapper), so that the kill below stops the server and not only its parent.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: childEnv });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A server that starts has taken the setting: stop it after a while and report it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    return new Promise<{ code: number | null; output: string }>((resolve) =>
      child.on('close', (code) => {
        clearTimeout(timer);
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, output });
      }),
    );
  }

  it('refuses to start, saying why, without a stack trace', { timeout: 90_000 }, async () => {
    const results = await Promise.all(
      ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1'].map((value) => start({ TRUST_PROXY: value })),
    );
    for (const [i, value] of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1'].entries()) {
      const { code, output } = results[i];
      expect(output.trim(), value).toBe(
        `Cannot start: TRUST_PROXY=${value} covers every IPv4 address, so any client could choose its own ` +
          'address by sending X-Forwarded-For. List only the proxies in front of the server ' +
          '(TRUST_PROXY=10.0.0.0/8,192.168.1.10) or set their count (TRUST_PROXY=1).',
      );
      expect(code, value).toBe(1);
    }
  });
});
