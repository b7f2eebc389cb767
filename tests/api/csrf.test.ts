import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { buildExamLookups, examBody } from '../helpers/exam-factory';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countDemoRequests = async () => (await t.db.selectFrom('demo_requests').select('id').execute()).length;

describe('CSRF defence', () => {
  it('refuses a plain cross-site HTML form post, even with a valid session cookie, and changes nothing', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin, name: 'Before' });
    const cookie = await signIn(t.app, user);
    // Exactly what <form method=post action=".../api/user/change/information"> on another site sends.
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change/information',
      headers: {
        cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'name=Hacked',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'This request was refused because it did not come from the application.',
    });
    const row = await t.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Before');
  });

  it("refuses another site's form on every unsafe route but the SAML consumer and LTI's login and launch, which take one by design", async () => {
    const cookie = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    const unsafe = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method),
    );
    expect(unsafe.length).toBeGreaterThan(50);
    const taken: string[] = [];
    for (const route of unsafe) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:[a-z_]+/g, '1'),
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Hacked',
      });
      if (response.statusCode !== 403) taken.push(`${route.method} ${route.url} ${response.statusCode}`);
    }
    // Each answers a foreign form by going back to the sign-in page (no such provider, platform or login here).
    expect(taken.sort()).toEqual(['POST /api/lti/launch 302', 'POST /api/lti/login 302', 'POST /api/sso/:key/acs 302']);
  });

  it('refuses a form post to a public route without the header', async () => {
    const before = await countDemoRequests();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/demo-requests',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'first_name=a&last_name=b&institute=c&email=a%40b.co&country=AE',
    });
    expect(response.statusCode).toBe(403);
    expect(await countDemoRequests()).toBe(before);
  });

  it('refuses the header when the Origin is another site', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin });
    const response = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: user.password },
      {
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(response.statusCode).toBe(403);
  });

  it('accepts the header from the same origin, and reads need no header', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin });
    const response = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: user.password },
      {
        headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      },
    );
    expect(response.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it("refuses a foreign Referer when the browser sends no Origin, and accepts this host's", async () => {
    const user = await buildUser(t.db, { role: ROLES.admin });
    const login = (referer: string) =>
      call(
        t.app,
        'POST',
        '/api/login',
        { email: user.email, password: user.password },
        { headers: { referer, host: 'localhost:80' } },
      );
    expect((await login('https://evil.example/page')).statusCode).toBe(403);
    expect((await login('http://localhost:80/login')).statusCode).toBe(200);
  });

  it('gives the state-changing GET of the spec (duplicate) the CSRF check, so a cross-site link cannot copy an exam', async () => {
    const registry = await loadSchemaRegistry();
    const lookups = await buildExamLookups(t.db, registry);
    const cookie = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const exam = (await call(t.app, 'POST', '/api/exams', examBody(lookups), { cookie })).json().data;
    const count = async () => (await t.db.selectFrom('exams').select('id').execute()).length;
    const before = await count();
    // What <img src=".../api/exams/1/duplicate"> on another site sends: the cookie, no header.
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/exams/${exam.id}/duplicate`,
      headers: { cookie, referer: 'https://evil.example/' },
    });
    expect(link.statusCode).toBe(403);
    const noHeader = await t.app.inject({ method: 'GET', url: `/api/exams/${exam.id}/duplicate`, headers: { cookie } });
    expect(noHeader.statusCode).toBe(403);
    expect(await count()).toBe(before);
    const console = await call(t.app, 'GET', `/api/exams/${exam.id}/duplicate`, undefined, { cookie });
    expect(console.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('answers in Arabic when asked', async () => {
    const response = await call(t.app, 'POST', '/api/logout', undefined, { noCsrfHeader: true, lang: 'ar' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('تم رفض هذا الطلب لأنه لم يصدر من التطبيق.');
  });
});
