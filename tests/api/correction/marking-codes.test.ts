import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { createTestApp, type TestContext } from '../../helpers/test-app';
import { bothNames } from '../../helpers/student-names';

/** The marking codes that stand for students under anonymous marking: random, unique within the exam. */
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
}, 60_000);
afterAll(() => t.close());

const WINDOW = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };

async function sceneWith(count: number) {
  const scene = await buildDeliveryScene(t.app, t.db, registry, { exam: { anonymous_marking: true } });
  for (let i = scene.students.length; i < count; i++)
    await t.db
      .insertInto('students')
      .values({
        school_id: scene.school.id,
        school_class_id: scene.schoolClass.id,
        grade_id: scene.students[0].grade_id,
        level_id: scene.students[0].level_id,
        ...bothNames(`Student ${i}`),
        gender: 'male',
        nationality: 'AE',
      })
      .execute();
  return scene;
}

const codesOf = async (examId: number) =>
  (await t.db.selectFrom('student_exams').select('marking_code').where('exam_id', '=', examId).execute()).map(
    (r) => r.marking_code,
  );

describe('marking codes', () => {
  it('are twelve random hexadecimal characters, different for every student of the exam', async () => {
    const scene = await sceneWith(40);
    const assigned = await assign(t.app, admin, scene.exam.id, { ...WINDOW, school_ids: [scene.school.id] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const codes = await codesOf(scene.exam.id);
    expect(codes).toHaveLength(40);
    expect(new Set(codes).size).toBe(40);
    for (const code of codes) expect(code).toMatch(/^[0-9A-F]{12}$/);
  });

  it('are unique within an exam by the database itself', async () => {
    const scene = await sceneWith(2);
    await assign(t.app, admin, scene.exam.id, { ...WINDOW, school_ids: [scene.school.id] });
    const [first] = await codesOf(scene.exam.id);
    await expect(
      t.db
        .updateTable('student_exams')
        .set({ marking_code: first })
        .where('exam_id', '=', scene.exam.id)
        .where('marking_code', '<>', first)
        .execute(),
    ).rejects.toThrow(/student_exams_marking_code_key/);
  });

  it('are drawn again when the database draws the same code twice: the assignment still succeeds', async () => {
    const scene = await sceneWith(3);
    // The first two codes drawn are the same; the sequence is not rolled back, so a second try draws at random.
    await sql`create sequence collide_once`.execute(t.db);
    await sql`alter table student_exams alter column marking_code set default (case
      when nextval('collide_once') <= 2 then 'C0111DE00000'
      else upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)) end)`.execute(t.db);
    try {
      const assigned = await assign(t.app, admin, scene.exam.id, { ...WINDOW, school_ids: [scene.school.id] });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(new Set(await codesOf(scene.exam.id)).size).toBe(3);
      await sql`alter sequence collide_once restart`.execute(t.db);
      const again = await assign(t.app, admin, scene.exam.id, { ...WINDOW, school_ids: [scene.school.id] }, true);
      expect(again.statusCode, again.body).toBe(200);
      expect(new Set(await codesOf(scene.exam.id)).size).toBe(3);
    } finally {
      await sql`alter table student_exams alter column marking_code
        set default upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`.execute(t.db);
    }
  });
});
