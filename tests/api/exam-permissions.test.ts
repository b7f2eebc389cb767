import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildUser, buildUserWithPermissions, signIn } from '../helpers/factories';
import { bankQuestion, buildExamLookups, examBody } from '../helpers/exam-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('exam routes refuse a caller without their permission', () => {
  it('answers 403 on every exam, exam-question and localization route for a student, and 401 signed out', async () => {
    const registry = await loadSchemaRegistry();
    const l = await buildExamLookups(t.db, registry);
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const exam = (await call(t.app, 'POST', '/api/exams', examBody(l), { cookie: author })).json().data;
    const q = (await call(t.app, 'POST', '/api/questions-bank', bankQuestion(l), { cookie: author })).json().data;
    const [eq] = (
      await call(t.app, 'POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: [q.id] }, { cookie: author })
    ).json().data;
    await call(t.app, 'PUT', `/api/exams/${exam.id}/publish`, undefined, { cookie: author });
    const loc = (
      await call(
        t.app,
        'POST',
        `/api/exams/${exam.id}/localizations`,
        { name: 'A', countries: ['AE'] },
        { cookie: author },
      )
    ).json().data;
    const student = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    const viewer = await signIn(t.app, await buildUserWithPermissions(t.db, ['com.ltm.permissions.exams.view.exams']));

    const routes = t.app.routeTable.filter((r) => /^\/api\/(exams|exam-)/.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const urlOf = (url: string) =>
      url
        .replace(':questionId', String(eq.id))
        .replace(':schoolId', '1')
        .replace(':studentId', '1')
        .replace(':code', 'a1b2c3d4e5f6')
        .replace(':id', url.startsWith('/api/exam-locali') ? String(loc.id) : String(exam.id));
    for (const route of routes) {
      const url = urlOf(route.url) + (route.url.endsWith('/check') ? `?exam_id=${exam.id}` : '');
      const body = route.method === 'GET' ? undefined : {};
      expect(
        (await call(t.app, route.method as 'GET', url, body, { cookie: student })).statusCode,
        `${route.method} ${route.url}`,
      ).toBe(403);
      expect((await call(t.app, route.method as 'GET', url, body)).statusCode, `${route.method} ${route.url}`).toBe(
        401,
      );
      const write = route.method !== 'GET' && !(route.method === 'POST' && route.url === '/api/exams/form');
      if (write)
        expect(
          (await call(t.app, route.method as 'GET', url, body, { cookie: viewer })).statusCode,
          `viewer ${route.method} ${route.url}`,
        ).toBe(403);
    }
    // The list-only viewer reads exams but not their preview (view exam or view mock exam is needed).
    expect((await call(t.app, 'GET', `/api/exams/${exam.id}`, undefined, { cookie: viewer })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/exams/${exam.id}/preview`, undefined, { cookie: viewer })).statusCode).toBe(
      403,
    );
    const mock = await signIn(
      t.app,
      await buildUserWithPermissions(t.db, ['com.ltm.permissions.mock-exams.view.mock.exam']),
    );
    expect((await call(t.app, 'GET', `/api/exams/${exam.id}/preview`, undefined, { cookie: mock })).statusCode).toBe(
      200,
    );
  });
});
