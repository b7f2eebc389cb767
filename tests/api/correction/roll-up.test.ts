import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../../schemas/index';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { correctionRollUp, rolledUpStatus } from '../../../src/server/correction/index';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { buildRecord } from '../../helpers/resource-factory';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/** The correction status of classes, grades, schools and exams, rolled up from their submitted attempts. */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let registry: SchemaRegistry;
let corrector: string;
beforeAll(async () => {
  t = await createTestApp({}, clock);
  registry = await loadSchemaRegistry();
  corrector = await signIn(t.app, await buildUser(t.db, { role: ROLES.corrector }));
}, 60_000);
afterAll(() => t.close());

const NOT = 1;
const IN_PROGRESS = 2;
const DONE = 3;

describe('the correction roll-up', () => {
  it('is not corrected until a marker begins, in progress while some are, corrected when all are, at every level', async () => {
    const scene = await buildCorrectionScene(t.app, t.db, registry, { count: 4, unsubmitted: 1 });
    // Two classes: students 0 and 1 in the first, 2 (submitted) and 3 (never started) in a second.
    const second = await buildRecord(t.db, registry, registry.get('school-classes')!, scene.lookups.platform, {
      school_id: scene.school.id,
      grade_id: scene.students[0].grade_id,
    });
    await t.db
      .updateTable('students')
      .set({ school_class_id: second.id })
      .where('id', 'in', [scene.students[2].id, scene.students[3].id])
      .execute();
    const grade = scene.students[0].grade_id;
    const statuses = async () => {
      const scope = { exam_id: scene.exam.id };
      const [classes, grades, schools, exams] = await Promise.all([
        correctionRollUp(t.db, 'school_class', scope),
        correctionRollUp(t.db, 'grade', scope),
        correctionRollUp(t.db, 'school', scope),
        correctionRollUp(t.db, 'exam', scope),
      ]);
      return {
        first: rolledUpStatus(classes, scene.schoolClass.id),
        second: rolledUpStatus(classes, second.id),
        grade: rolledUpStatus(grades, grade),
        school: rolledUpStatus(schools, scene.school.id),
        exam: rolledUpStatus(exams, scene.exam.id),
      };
    };
    expect(await statuses()).toEqual({ first: NOT, second: NOT, grade: NOT, school: NOT, exam: NOT });

    let versions = new Map<number, number>();
    const mark = async (student: number, corrections: unknown[]) => {
      const version = versions.get(student) ?? 0;
      const response = await call(
        t.app,
        'POST',
        '/api/exams/submit/correction',
        { exam_id: scene.exam.id, student_id: student, version, corrections },
        { cookie: corrector },
      );
      expect(response.statusCode, response.body).toBe(200);
      versions.set(student, version + 1);
    };
    const everything = [
      { question_id: scene.q.essay.id, mark: 2 },
      { question_id: scene.q.spoken.id, mark: 2 },
      { question_id: scene.q.paragraph.id, part: 'w1', mark: 2 },
    ];
    // The second class's only submitted attempt corrected: that class is corrected (its absentee does not count).
    await mark(scene.students[2].id, everything);
    expect(await statuses()).toEqual({
      first: NOT,
      second: DONE,
      grade: IN_PROGRESS,
      school: IN_PROGRESS,
      exam: IN_PROGRESS,
    });
    // One mark in the first class: in progress there.
    await mark(scene.students[0].id, everything.slice(0, 1));
    expect(await statuses()).toMatchObject({ first: IN_PROGRESS, second: DONE });
    await mark(scene.students[0].id, everything);
    await mark(scene.students[1].id, everything);
    expect(await statuses()).toEqual({ first: DONE, second: DONE, grade: DONE, school: DONE, exam: DONE });

    // The list filter and the filter choices read the same statuses.
    const filters = (
      await call(t.app, 'GET', `/api/exams/${scene.exam.id}/assigned/filters`, undefined, { cookie: corrector })
    ).json().data;
    expect(filters.exam.correction_status.key).toBe('corrected');
    expect(filters.schools).toEqual([
      expect.objectContaining({ id: scene.school.id, correction_status: expect.objectContaining({ id: DONE }) }),
    ]);
    expect(filters.school_classes).toHaveLength(2);
    const corrected = (
      await call(
        t.app,
        'GET',
        `/api/exams/${scene.exam.id}/assigned/students?filter[student_exam_status_id]=3`,
        undefined,
        {
          cookie: corrector,
        },
      )
    ).json();
    expect(corrected.meta.total).toBe(3);
    versions = new Map();
  });

  it('counts a group with no submitted attempt as not corrected', async () => {
    const waiting = await buildCorrectionScene(t.app, t.db, registry, { count: 2, unsubmitted: 2 });
    const exams = await correctionRollUp(t.db, 'exam', { exam_id: waiting.exam.id });
    expect(exams.size).toBe(0);
    expect(rolledUpStatus(exams, waiting.exam.id)).toBe(NOT);
  });
});
