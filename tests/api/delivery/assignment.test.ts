import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene, buildSchoolWithStudents } from '../../helpers/delivery-factory';
import { buildUser, buildUserWithPermissions, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';

let t: TestContext;
let registry: SchemaRegistry;
let author: string;
beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  author = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.author' }));
}, 60_000);
afterAll(() => t.close());

const window = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };

describe('assigning an exam', () => {
  it('lists eligible schools with counts and their students with an assigned flag', async () => {
    const scene = await buildDeliveryScene(t.app, t.db, registry);
    // Another grade's school is not eligible.
    const otherGrade = await buildSchoolWithStudents(t.db, registry, scene.lookups.platform, {
      grade_id: (
        await t.db
          .insertInto('grades')
          .values({ name: 'G9', name_en: 'G9', name_ar: 'ص9', platform_id: scene.lookups.platform.id })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    });
    const schools = await call(t.app, 'GET', `/api/exams/${scene.exam.id}/assignation/schools`, undefined, {
      cookie: author,
    });
    expect(schools.statusCode, schools.body).toBe(200);
    expect(schools.json().data).toEqual([
      expect.objectContaining({ id: scene.school.id, eligible_count: 2, assigned_count: 0 }),
    ]);
    expect(schools.json().data.map((s: { id: number }) => s.id)).not.toContain(otherGrade.school.id);

    const assigned = await assign(t.app, author, scene.exam.id, { ...window, student_ids: [scene.students[0].id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toEqual({ assigned: 1, already_assigned: 0, skipped: [] });

    const students = await call(
      t.app,
      'GET',
      `/api/exams/${scene.exam.id}/assignation/schools/${scene.school.id}/students`,
      undefined,
      { cookie: author },
    );
    expect(
      students
        .json()
        .data.map((s: { id: number; assigned: boolean }) => [s.id, s.assigned])
        .sort(),
    ).toEqual(
      [
        [scene.students[0].id, true],
        [scene.students[1].id, false],
      ].sort(),
    );
  });

  it('assigns whole schools, keeps those assigned already, and skips the ineligible and the unknown', async () => {
    const scene = await buildDeliveryScene(t.app, t.db, registry);
    await assign(t.app, author, scene.exam.id, { ...window, student_ids: [scene.students[0].id] });
    const other = await buildSchoolWithStudents(
      t.db,
      registry,
      scene.lookups.platform,
      {
        grade_id: (
          await t.db
            .insertInto('grades')
            .values({ name: 'G8', name_en: 'G8', name_ar: 'ص8', platform_id: scene.lookups.platform.id })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      },
      1,
    );
    const response = await assign(t.app, author, scene.exam.id, {
      ...window,
      school_ids: [scene.school.id],
      student_ids: [other.students[0].id, 99_999_999],
    });
    expect(response.json().data).toEqual({
      assigned: 1,
      already_assigned: 1,
      skipped: [
        { student_id: other.students[0].id, reason: 'not_eligible' },
        { student_id: 99_999_999, reason: 'unknown_student' },
      ],
    });
  });

  it('refuses an unpublished exam with 418, a window outside the exam or reversed with 422, and changes nothing', async () => {
    const draft = await buildDeliveryScene(t.app, t.db, registry, { published: false });
    const unpublished = await call(
      t.app,
      'POST',
      `/api/exams/${draft.exam.id}/assign/students`,
      { ...window, school_ids: [draft.school.id] },
      { cookie: author, lang: 'ar' },
    );
    expect(unpublished.statusCode).toBe(418);
    expect(unpublished.json().message).toBe('لا يمكن تعيين اختبار غير منشور. انشره أولًا.');

    const scene = await buildDeliveryScene(t.app, t.db, registry);
    const outside = await assign(t.app, author, scene.exam.id, {
      school_ids: [scene.school.id],
      start_date_time: '2026-05-31 08:00:00',
      end_date_time: '2026-06-20 15:00:00',
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({
      start_date_time: ["The assignment's window must lie inside the exam's own window."],
    });
    const reversed = await assign(t.app, author, scene.exam.id, {
      school_ids: [scene.school.id],
      start_date_time: '2026-06-10 08:00:00',
      end_date_time: '2026-06-09 08:00:00',
    });
    expect(reversed.json().errors).toEqual({ end_date_time: ['The end must be after the start.'] });
    const badLocalization = await assign(t.app, author, scene.exam.id, {
      ...window,
      school_ids: [scene.school.id],
      exam_localization_id: 12345,
    });
    expect(badLocalization.json().errors).toEqual({
      exam_localization_id: ['Choose a published localized version of this exam.'],
    });
    const nobody = await assign(t.app, author, scene.exam.id, window);
    expect(nobody.statusCode).toBe(422);
    const rows = await t.db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', 'in', [draft.exam.id, scene.exam.id])
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for an unknown exam or school, and refuses to reassign an unpublished exam (418)', async () => {
    const scene = await buildDeliveryScene(t.app, t.db, registry, { published: false });
    const get = (url: string) => call(t.app, 'GET', url, undefined, { cookie: author });
    expect((await get('/api/exams/99999999/assignation/schools')).statusCode).toBe(404);
    expect((await get(`/api/exams/${scene.exam.id}/assignation/schools/99999999/students`)).statusCode).toBe(404);
    const again = await assign(t.app, author, scene.exam.id, { ...window, school_ids: [scene.school.id] }, true);
    expect(again.statusCode).toBe(418);
    expect(await t.db.selectFrom('student_exams').select('id').where('exam_id', '=', scene.exam.id).execute()).toEqual(
      [],
    );
  });

  it('needs the assign permission (403), a session (401), and names no record of another exam (404)', async () => {
    const scene = await buildDeliveryScene(t.app, t.db, registry);
    const viewer = await signIn(
      t.app,
      await buildUserWithPermissions(t.db, [
        'com.ltm.permissions.exams.view.exam',
        'com.ltm.permissions.exams.edit.exam',
      ]),
    );
    const body = { ...window, school_ids: [scene.school.id] };
    expect((await assign(t.app, viewer, scene.exam.id, body)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/exams/${scene.exam.id}/assign/students`, body)).statusCode).toBe(401);
    expect((await assign(t.app, author, 99_999_999, body)).statusCode).toBe(404);
    expect((await assign(t.app, scene.studentCookie, scene.exam.id, body)).statusCode).toBe(403);
  });
});
