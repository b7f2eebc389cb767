import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
});
afterAll(() => t.close());

describe('routing', () => {
  it('lets a static path win over an {id} beside it', async () => {
    // PUT /exams/{id}/questions/reorder sits beside PUT /exams/{id}/questions/{questionId}.
    const reorder = await call(
      t.app,
      'PUT',
      '/api/exams/999999/questions/reorder',
      { question_ids: [1] },
      { cookie: admin },
    );
    expect(reorder.statusCode).toBe(404); // the reorder route ran and found no exam
    const asId = await call(t.app, 'PUT', '/api/exams/999999/questions/reorder', {}, { cookie: admin });
    expect(asId.json().errors).toEqual({ question_ids: ['This field is required'] });
  });

  it('validates every id in a path as a positive 32-bit integer', async () => {
    const withIds = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && /:(id|\w+Id)\b/.test(r.url) && r.method !== 'HEAD',
    );
    expect(withIds.length).toBeGreaterThan(20);
    for (const route of withIds) {
      for (const bad of ['abc', '0', '-1', '1.5', '2147483648']) {
        // A marking code and a sign-in's kind are not ids: well-formed ones, so only the ids are wrong.
        const url = route.url
          .replace(/:(id|\w+Id)\b/g, bad)
          .replace(':code', 'a1b2c3d4e5f6')
          .replace(':kind', 'sso');
        const response = await call(t.app, route.method as 'GET', url, route.method === 'GET' ? undefined : {}, {
          cookie: admin,
        });
        expect(response.statusCode, `${route.method} ${url}`).toBe(400);
      }
    }
  });
});
