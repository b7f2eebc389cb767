import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { loadMigrations } from '../../src/server/db/migrations/index';
import { call } from '../helpers/api-client';
import { translate } from '../../src/server/http/i18n';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('reports health with the database kind and the latest migration', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    const latest = Object.keys(await loadMigrations()).at(-1);
    expect(latest).toMatch(/^\d{4}_/);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      migration: latest,
    });
  });

  it('serves the OpenAPI reference generated from the route schemas, to signed-in users only', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const refused = await call(t.app, 'GET', url, undefined, { lang: 'ar' });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json().message, url).toBe(translate('ar', 'errors.unauthenticated'));
    }
    const production = await createTestApp({ production: true });
    try {
      expect((await call(production.app, 'GET', '/api/docs/json')).statusCode).toBe(401);
    } finally {
      await production.close();
    }
    const cookie = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    const json = await call(t.app, 'GET', '/api/docs/json', undefined, { cookie });
    expect(json.statusCode).toBe(200);
    const spec = json.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/user', '/api/demo-requests', '/api/health']));
    const ui = await call(t.app, 'GET', '/api/docs', undefined, { cookie });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('gives unknown /api paths a JSON 404 and other paths the console (SPA fallback)', async () => {
    const api = await call(t.app, 'GET', '/api/no-such-thing', undefined, { lang: 'ar' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'مسار الواجهة البرمجية المطلوب غير موجود.' });
    const post = await call(t.app, 'POST', '/api/no-such-thing', {});
    expect(post.statusCode).toBe(404);
    for (const path of ['/API/users', '/Api/exams']) {
      const upper = await call(t.app, 'GET', path);
      expect(upper.statusCode, path).toBe(404);
      expect(upper.headers['content-type']).toContain('application/json');
    }
    for (const path of ['/', '/exams', '/settings/exams/skills', '/some/unknown/page']) {
      const page = await call(t.app, 'GET', path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('console fixture');
    }
  });

  it('tags every response with a request id, keeping a well-formed incoming one', async () => {
    const generated = await call(t.app, 'GET', '/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await call(t.app, 'GET', '/api/health', undefined, { headers: { 'x-request-id': 'trace-123' } });
    expect(kept.headers['x-request-id']).toBe('trace-123');
    const replaced = await call(t.app, 'GET', '/api/health', undefined, {
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).not.toContain('script');
  });

  it('keeps passwords and session ids out of the logs', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin, password: 'Very-secret-99' });
    const login = await call(t.app, 'POST', '/api/login', { email: user.email, password: 'Very-secret-99' });
    const token = login.cookies.find((c) => c.name === 'ltm_session')!.value;
    await call(t.app, 'GET', '/api/user', undefined, { cookie: `ltm_session=${token}` });
    await call(
      t.app,
      'PUT',
      '/api/user/change/password',
      { current_password: 'Very-secret-99', password: 'x', password_confirmation: 'y' },
      { cookie: `ltm_session=${token}` },
    );
    const logs = t.logs.join('\n');
    expect(logs).toContain('"reqId"');
    expect(logs).not.toContain('Very-secret-99');
    expect(logs).not.toContain(token);
  });

  it('puts the security headers on refusals too, keeps API answers out of caches, and forbids framing', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/exams'],
      ['POST', '/api/logout'],
      ['GET', '/%61pi/users'],
      ['GET', '/api/nope'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: method === 'POST' ? {} : { 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const health = await call(t.app, 'GET', '/api/health');
    expect(health.headers['cache-control']).toBe('no-store');
    const page = await call(t.app, 'GET', '/exams');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("sends a built script or style sheet without the document's headers, and a worker and the page with them (issue 41)", async () => {
    const headerBytes = (headers: Record<string, unknown>) =>
      Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    const page = await call(t.app, 'GET', '/my-exams');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const url of ['/assets/app-test.js', '/assets/style-test.css']) {
      const asset = await call(t.app, 'GET', url);
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(asset.headers['referrer-policy'], url).toBe('no-referrer');
      for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
        expect(asset.headers[header], `${url} ${header}`).toBeUndefined();
      expect(asset.headers['last-modified'], url).toBeUndefined();
      // Under half a kilobyte, where the page's are about 800 bytes (and 900 in production, with HSTS).
      expect(headerBytes(asset.headers), url).toBeLessThan(450);
      expect(headerBytes(page.headers)).toBeGreaterThan(750);
    }
    // A worker runs under its own response's policy: it keeps it.
    const worker = await call(t.app, 'GET', '/assets/pdf.worker.min-test.mjs');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    // A missing asset is the page's 404, with every header.
    const missing = await call(t.app, 'GET', '/assets/missing.js');
    expect(missing.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a built file removed since the start (a rebuild) with the page and all its headers (issue 41)', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltm-client-'));
    fs.cpSync('tests/fixtures/client', clientDir, { recursive: true });
    const served = await createTestApp({ clientDir });
    try {
      fs.rmSync(path.join(clientDir, 'assets', 'app-test.js'));
      const stale = await call(served.app, 'GET', '/assets/app-test.js');
      expect(stale.headers['content-type']).toContain('text/html');
      expect(stale.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(stale.headers['x-frame-options']).toBe('DENY');
      // The files still there are sent without the page's headers.
      const style = await call(served.app, 'GET', '/assets/style-test.css');
      expect(style.headers['content-security-policy']).toBeUndefined();
    } finally {
      await served.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('compresses JSON answers of 1 kB or more for a client that accepts it, and nothing else (issue 41)', async () => {
    const cookie = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    const accepting = { 'accept-encoding': 'br, gzip' };
    const list = await call(t.app, 'GET', '/api/user', undefined, { cookie, headers: accepting });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toContain('accept-encoding');
    const plain = await call(t.app, 'GET', '/api/user', undefined, { cookie });
    const inflated = brotliDecompressSync(list.rawPayload).toString('utf8');
    expect(JSON.parse(inflated)).toEqual(plain.json());
    expect(list.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    // gzip for a client without brotli; nothing for one that asks for neither.
    const gzipped = await call(t.app, 'GET', '/api/user', undefined, {
      cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A small answer (a save's, the health check's) goes as it is.
    const health = await call(t.app, 'GET', '/api/health', undefined, { headers: accepting });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });

  it('returns runtime settings without a DSN when none is set', async () => {
    const response = await call(t.app, 'GET', '/api/config');
    expect(response.json()).toEqual({
      data: { sentry_dsn: null, sentry_traces_sample_rate: 1, environment: 'development', time_zone: 'UTC' },
    });
  });
});
