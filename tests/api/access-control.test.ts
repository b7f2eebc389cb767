import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaPermission, PLATFORMS_VIEW, ROLES } from '../../src/common/permissions';
import Fastify from 'fastify';
import { installAccessControl, MissingAccessRule } from '../../src/server/auth/access';
import { markScopePublic } from '../../src/server/http/route-access';
import { installErrorHandler } from '../../src/server/http/error-handler';
import { call } from '../helpers/api-client';
import { buildUser, buildUserWithPermissions, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every route declares who may call it', () => {
  it('has a rule (public, authenticated, or a permission list) on every /api route', () => {
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(8);
    const missing = apiRoutes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    for (const route of apiRoutes) {
      const access = route.access!;
      if (typeof access === 'object') expect(access.anyOf.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
    }
  });

  it('keeps the public list short and known', () => {
    const publicRoutes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /api/config',
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      // LTI 1.3: the platforms read our key set; a launch's login, the platform's post, the browser taking it.
      'GET /api/lti/complete',
      'GET /api/lti/deep-link',
      'GET /api/lti/jwks',
      'GET /api/lti/login',
      // Safe Exam Browser opens an exam's launch link without the student's session.
      'GET /api/seb/exams/:id/config.seb',
      // Single sign-on: the sign-in page's buttons, and the browser's way to the provider and back
      // (SAML: our metadata, the identity provider's posted answer, the browser taking it).
      'GET /api/sso/:key/callback',
      'GET /api/sso/:key/complete',
      'GET /api/sso/:key/metadata',
      'GET /api/sso/:key/start',
      'GET /api/sso/providers',
      'HEAD /api/config',
      'HEAD /api/health',
      'HEAD /api/health/live',
      'HEAD /api/health/ready',
      'HEAD /api/lti/complete',
      'HEAD /api/lti/deep-link',
      'HEAD /api/lti/jwks',
      'HEAD /api/lti/login',
      'HEAD /api/seb/exams/:id/config.seb',
      'HEAD /api/sso/:key/callback',
      'HEAD /api/sso/:key/complete',
      'HEAD /api/sso/:key/metadata',
      'HEAD /api/sso/:key/start',
      'HEAD /api/sso/providers',
      'POST /api/demo-requests',
      'POST /api/login',
      'POST /api/login/mfa',
      'POST /api/logout',
      'POST /api/lti/deep-link',
      'POST /api/lti/launch',
      'POST /api/lti/login',
      'POST /api/sso/:key/acs',
    ]);
  });

  it('refuses to start with a route that forgot its rule', async () => {
    const bare = Fastify();
    bare.decorateRequest('auth', null);
    installAccessControl(bare);
    bare.get('/api/forgotten', async () => ({ secret: true }));
    await expect(bare.ready()).rejects.toBeInstanceOf(MissingAccessRule);
  });

  it("lets a scope give the routes of a plugin their rule, and enforces the matched route's rule", async () => {
    const bare = Fastify();
    bare.decorateRequest('auth', null);
    const table = installAccessControl(bare);
    installErrorHandler(bare);
    await bare.register(async (scope) => {
      markScopePublic(scope);
      scope.get('/files/app.js', async () => 'ok');
    });
    bare.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
    bare.get('/api/closed', { config: { access: 'authenticated' } }, async () => ({ secret: true }));
    await bare.ready();
    expect(table.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.access)}`)).toContain(
      'GET /files/app.js "public"',
    );
    expect((await bare.inject({ url: '/files/app.js' })).statusCode).toBe(200);
    expect((await bare.inject({ url: '/api/open' })).statusCode).toBe(200);
    expect((await bare.inject({ url: '/api/closed' })).statusCode).toBe(401);
    await bare.close();
  });
});

describe('401 and 403', () => {
  it('answers 401 to every protected route when signed out', async () => {
    const protectedRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api') && r.access !== 'public' && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'),
    );
    for (const route of protectedRoutes) {
      const response = await call(
        t.app,
        route.method as 'GET',
        route.url.replace(/:(\w+)/g, '1'),
        route.method === 'GET' ? undefined : {},
      );
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a signed-in user without platforms-view with 403 and the application message', async () => {
    const user = await buildUserWithPermissions(t.db, [], { withPlatformsView: false });
    const cookie = await signIn(t.app, user);
    const response = await call(t.app, 'GET', '/api/user', undefined, { cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "You don't have permissions to access this application." });
  });

  it('answers 403 when the route permission is missing and 200 when it is held', async () => {
    const author = await buildUser(t.db, { role: ROLES.author });
    const authorCookie = await signIn(t.app, author);
    const refused = await call(t.app, 'GET', '/api/demo-requests', undefined, { cookie: authorCookie, lang: 'ar' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'ليست لديك صلاحيات للوصول إلى هذه البيانات.' });

    const viewer = await buildUserWithPermissions(t.db, [areaPermission('demo-requests', 'view')]);
    const allowed = await call(t.app, 'GET', '/api/demo-requests', undefined, { cookie: await signIn(t.app, viewer) });
    expect(allowed.statusCode).toBe(200);
  });

  it('lets the admin role through every permission check', async () => {
    const admin = await buildUser(t.db, { role: ROLES.admin });
    const cookie = await signIn(t.app, admin);
    const me = (await call(t.app, 'GET', '/api/user', undefined, { cookie })).json().data;
    const held = new Set(me.permissions.map((p: { permission: string }) => p.permission));
    const all = await t.db.selectFrom('permissions').select('permission').execute();
    expect(all.every((p) => held.has(p.permission))).toBe(true);
    expect(held.has(PLATFORMS_VIEW)).toBe(true);
  });

  it('gives each demo role platforms-view and keeps the student out of admin data', async () => {
    const student = await buildUser(t.db, { role: ROLES.student });
    const cookie = await signIn(t.app, student);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/demo-requests', undefined, { cookie })).statusCode).toBe(403);
  });
});
