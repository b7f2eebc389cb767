import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import type { Db } from '../../../src/server/db/database';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { call } from '../../helpers/api-client';
import { buildCorrectionScene } from '../../helpers/correction-factory';
import { createUser } from '../../../src/server/users/users-service';
import { buildUser, signIn, TEST_PASSWORD } from '../../helpers/factories';
import type { Seen } from '../../helpers/reader-sweep';
import { createTestApp, type FrozenApp, type TestContext } from '../../helpers/test-app';

/**
 * The scene of the anonymous-property-* files: an anonymously marked exam, three students, two of
 * whom submitted answers with a recording, frozen to be forked into worlds; markers of each kind.
 */
export const NOW = new Date('2026-06-05T09:00:00Z');

export interface Scene {
  frozen: FrozenApp;
  examId: number;
  questionIds: number[];
  essayId: number;
  students: { id: number; name: string; user_id: number | null }[];
  codes: string[];
  recordings: string[];
  schoolId: number;
  classId: number;
  corrector: string;
  /** A marker who is an author too: the exam-day monitor and the results are theirs to read. */
  correctorAuthor: string;
  /** A marker who is the school's staff too: the school's students, by name, are theirs to read. */
  correctorSchool: string;
  /** An administrator: may read and mark everything. */
  admin: string;
}

let base: TestContext;
export let scene: Scene;

/** Builds and freezes the scene for the calling file. */
export function useAnonymousScene() {
  beforeAll(async () => {
    base = await createTestApp({}, new ManualClock(NOW));
    const registry = await loadSchemaRegistry();
    const built = await buildCorrectionScene(base.app, base.db, registry, {
      count: 3,
      unsubmitted: 1,
      exam: { anonymous_marking: true },
    });
    const corrector = await signIn(base.app, await buildUser(base.db, { role: ROLES.corrector, name: 'Marker' }));
    const students = await base.db
      .selectFrom('students')
      .select(['id', 'name', 'user_id'])
      .where(
        'id',
        'in',
        built.students.map((s) => s.id),
      )
      .orderBy('id')
      .execute();
    const assignments = await base.db
      .selectFrom('student_exams')
      .select(['student_id', 'marking_code'])
      .where('exam_id', '=', built.exam.id)
      .orderBy('student_id')
      .execute();
    const both = { name: 'Marker and author', email: 'marker-author@example.test', password: TEST_PASSWORD };
    await createUser(base.db, { ...both, roles: [ROLES.corrector, ROLES.author] });
    const correctorAuthor = await signIn(base.app, both);
    const staff = { name: 'Marker and school staff', email: 'marker-staff@example.test', password: TEST_PASSWORD };
    const staffId = await createUser(base.db, { ...staff, roles: [ROLES.corrector, ROLES.school] });
    await base.db.insertInto('user_schools').values({ user_id: staffId, school_id: built.school.id }).execute();
    const correctorSchool = await signIn(base.app, staff);
    const admin = await signIn(base.app, await buildUser(base.db, { role: ROLES.admin, name: 'Administrator' }));
    await personalize(base.db, built.exam.id, students);
    const media = await base.db.selectFrom('media').select('file_name').where('kind', '=', 'audio').execute();
    scene = {
      frozen: await base.freeze(),
      examId: built.exam.id,
      questionIds: Object.values(built.q).map((q) => q.id),
      essayId: built.q.essay.id,
      students,
      codes: assignments.map((a) => a.marking_code),
      recordings: media.map((m) => m.file_name),
      schoolId: built.school.id,
      classId: built.schoolClass.id,
      corrector,
      correctorAuthor,
      correctorSchool,
      admin,
    };
    expect(scene.recordings).toHaveLength(2);
  }, 120_000);
  afterAll(() => base.close());
}

/**
 * What another answer shows beside a name must differ between the two submitted students for the
 * property to mean anything: each is given instants of their own (to the millisecond, as a sitting
 * gives them), and the second left one answer blank (the monitor counts answers by name).
 */
async function personalize(db: Db, examId: number, students: { id: number }[]) {
  const times = [
    ['2026-06-05T08:10:01.123Z', '2026-06-05T08:40:07.456Z'],
    ['2026-06-05T08:12:31.789Z', '2026-06-05T08:47:55.012Z'],
  ];
  for (const [index, [started, submitted]] of times.entries()) {
    const assignment = await db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', examId)
      .where('student_id', '=', students[index].id)
      .executeTakeFirstOrThrow();
    const at = { started_at: new Date(started), submitted_at: new Date(submitted) };
    await db.updateTable('student_exams').set(at).where('id', '=', assignment.id).execute();
    await db.updateTable('exam_attempts').set(at).where('student_exam_id', '=', assignment.id).execute();
    if (index === 1)
      await sql`delete from attempt_answers where question_id = (select min(question_id) from attempt_answers
        where attempt_id = (select id from exam_attempts where student_exam_id = ${assignment.id}))
        and attempt_id = (select id from exam_attempts where student_exam_id = ${assignment.id})`.execute(db);
  }
}

/** Two saves of the first code's essay, then the same save naming each student by id: what each answered. */
export async function markFirstCode(world: TestContext, marker: string): Promise<Seen[]> {
  const saves: Seen[] = [];
  for (const [version, mark] of [2, 3.5].entries()) {
    const saved = await call(
      world.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.examId,
        code: scene.codes[0],
        version,
        corrections: [{ question_id: scene.essayId, mark, comment: 'A clear essay.' }],
      },
      { cookie: marker },
    );
    saves.push({ status: saved.statusCode, body: saved.body });
  }
  // Naming the student by id is refused alike, whoever it is.
  for (const student of scene.students) {
    const refused = await call(
      world.app,
      'POST',
      '/api/exams/submit/correction',
      {
        exam_id: scene.examId,
        student_id: student.id,
        version: 0,
        corrections: [{ question_id: scene.essayId, mark: 1 }],
      },
      { cookie: marker },
    );
    saves.push({ status: refused.statusCode, body: refused.body });
  }
  return saves;
}
