import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { permissionFor, ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { buildUser, buildUserWithPermissions, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/** Each correction route checks its own permission; every role gets what its defaults say. */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let scene: Awaited<ReturnType<typeof buildCorrectionScene>>;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  scene = await buildCorrectionScene(t.app, t.db, registry, { count: 1 });
}, 60_000);
afterAll(() => t.close());

const routes = () => {
  const exam = scene.exam.id;
  const student = scene.students[0].id;
  return {
    list: ['GET', `/api/exams/${exam}/assigned/students`],
    filters: ['GET', `/api/exams/${exam}/assigned/filters`],
    neighbours: ['GET', `/api/exams/${exam}/assigned/students/${student}/neighbours`],
    read: ['GET', `/api/exams/${exam}/students/${student}/correction`],
    save: ['POST', '/api/exams/submit/correction'],
    audit: ['GET', `/api/exams/${exam}/students/${student}/correction/audit`],
  } as const;
};
type RouteName = keyof ReturnType<typeof routes>;

async function statuses(cookie: string | undefined): Promise<Record<RouteName, number>> {
  const result = {} as Record<RouteName, number>;
  for (const [name, [method, url]] of Object.entries(routes()) as [RouteName, readonly [string, string]][]) {
    const body =
      method === 'POST'
        ? {
            exam_id: scene.exam.id,
            student_id: scene.students[0].id,
            version: 999,
            corrections: [{ question_id: scene.q.essay.id, mark: 1 }],
          }
        : undefined;
    result[name] = (await call(t.app, method as 'GET' | 'POST', url, body, cookie ? { cookie } : {})).statusCode;
  }
  return result;
}

describe('correction permissions', () => {
  it('refuses everyone signed out (401)', async () => {
    expect(Object.values(await statuses(undefined))).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('gives each role what its defaults allow (a stale version shows the save passed its guard: 409)', async () => {
    const as = async (role: string) => statuses(await signIn(t.app, await buildUser(t.db, { role })));
    expect(await as(ROLES.admin)).toEqual({
      list: 200,
      filters: 200,
      neighbours: 200,
      read: 200,
      save: 409,
      audit: 200,
    });
    expect(await as(ROLES.corrector)).toEqual({
      list: 200,
      filters: 200,
      neighbours: 200,
      read: 200,
      save: 409,
      audit: 403,
    });
    expect(await as(ROLES.author)).toEqual({
      list: 200,
      filters: 200,
      neighbours: 200,
      read: 403,
      save: 403,
      audit: 403,
    });
    expect(await as(ROLES.school)).toEqual({
      list: 403,
      filters: 403,
      neighbours: 403,
      read: 403,
      save: 403,
      audit: 403,
    });
    expect(await as(ROLES.student)).toEqual({
      list: 403,
      filters: 403,
      neighbours: 403,
      read: 403,
      save: 403,
      audit: 403,
    });
  });

  it('decides each route by its own permission', async () => {
    const withOnly = async (permissions: string[]) =>
      statuses(await signIn(t.app, await buildUserWithPermissions(t.db, permissions)));
    expect(await withOnly(listPermissions(AREAS.examStudents).slice(0, 1))).toMatchObject({
      list: 200,
      read: 403,
      save: 403,
      audit: 403,
    });
    expect(await withOnly(listPermissions(AREAS.studentResponses).slice(1))).toMatchObject({
      list: 403,
      read: 200,
      save: 403,
    });
    expect(await withOnly([permissionFor(AREAS.corrections, 'edit')])).toMatchObject({
      list: 403,
      read: 403,
      save: 409,
    });
    expect(await withOnly([permissionFor(AREAS.corrections, 'view')])).toMatchObject({ save: 403 });
    expect(await withOnly(listPermissions(AREAS.correctionAudits))).toMatchObject({ audit: 200, read: 403 });
  });

  it('answers a save without the answers to a marker who may not read them', async () => {
    const cookie = await signIn(
      t.app,
      await buildUserWithPermissions(t.db, [permissionFor(AREAS.corrections, 'edit')]),
    );
    const saved = await call(
      t.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.exam.id,
        student_id: scene.students[0].id,
        version: 0,
        corrections: [{ question_id: scene.q.essay.id, mark: 1 }],
      },
      { cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Corrections saved successfully', data: null });
  });
});
