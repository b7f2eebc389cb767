import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildDeliveryScene, signInStudent } from '../../helpers/delivery-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * The student's work key (issue 39): what their browser keeps of their unsent work is sealed with
 * it, so the server gives it to the student's own session only, the same every time (work sealed
 * before a closed browser opens again at the next sign-in), never to be cached.
 */
let t: TestContext;
let scene: Awaited<ReturnType<typeof buildDeliveryScene>>;
beforeAll(async () => {
  t = await createTestApp();
  scene = await buildDeliveryScene(t.app, t.db, await loadSchemaRegistry());
});
afterAll(() => t.close());

const keyOf = (cookie?: string) => call(t.app, 'GET', '/api/student/work-key', undefined, cookie ? { cookie } : {});

describe('GET /api/student/work-key', () => {
  it("gives the student's own key: 256 bits, the same at every ask and in every session, never cached", async () => {
    const first = await keyOf(scene.studentCookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const key = first.json().data.key as string;
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect((await keyOf(scene.studentCookie)).json().data.key).toBe(key);

    // Another student has a key of their own.
    const other = await signInStudent(t.app, t.db, scene.students[1].id);
    const theirs = (await keyOf(other)).json().data.key;
    expect(theirs).not.toBe(key);
    expect(Buffer.from(theirs, 'base64')).toHaveLength(32);
  });

  it('is refused to visitors (401) and to staff, administrators included (403), and is in no other answer', async () => {
    expect((await keyOf()).statusCode).toBe(401);
    for (const role of [ROLES.admin, ROLES.school, ROLES.corrector, ROLES.author]) {
      const staff = await signIn(t.app, await buildUser(t.db, { role }));
      const refused = await keyOf(staff);
      expect(refused.statusCode, role).toBe(403);
    }
    const key = (await keyOf(scene.studentCookie)).json().data.key as string;
    for (const path of ['/api/user', '/api/student/exams', '/api/users?per_page=100'])
      for (const cookie of [scene.studentCookie, await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }))]) {
        const read = await call(t.app, 'GET', path, undefined, { cookie });
        expect(read.body, path).not.toContain(key);
      }
  });
});
