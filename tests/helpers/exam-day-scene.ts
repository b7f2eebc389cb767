import { expect } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { permissionFor, ROLES } from '../../src/common/permissions';
import { flushPresence } from '../../src/server/delivery';
import { call } from './api-client';
import { assign, buildDeliveryScene, buildSchoolWithStudents, signInStudent } from './delivery-factory';
import { buildUser, buildUserWithPermissions, signIn } from './factories';
import { signInSchoolStaff } from './report-factory';
import { studentBatch } from './student-answers';
import type { TestContext } from './test-app';

const SC_KEY = {
  options: [
    { id: 'a', text: 'Yes', correct: true },
    { id: 'b', text: 'No', correct: false },
  ],
};
export const EXAM_DAY_QUESTIONS = [
  { kind: 'true_false', key: { correct: true } },
  { kind: 'single_choice', key: SC_KEY },
  { kind: 'essay', key: { max_words: 50 } },
];
/** The assignment's window; the exam (45 minutes) is open from 2026-06-01 to 2026-06-30. */
export const EXAM_DAY_WINDOW = { start_date_time: '2026-06-02 08:00:00', end_date_time: '2026-06-20 15:00:00' };

/**
 * Exam day: a 45-minute exam of three questions assigned to two schools (three students in the
 * first, two in the second, each school one class); the first school's students signed in; an
 * admin, an author, school staff of the first school, and a supervisor of the first school (staff
 * who may intervene there).
 */
export async function buildExamDayScene(
  t: TestContext,
  registry: SchemaRegistry,
  options: Record<string, unknown> = {},
  spec: Parameters<typeof buildDeliveryScene>[3] = {},
) {
  const built = await buildDeliveryScene(t.app, t.db, registry, { questions: EXAM_DAY_QUESTIONS, ...spec });
  const third = await buildSchoolWithStudents(
    t.db,
    registry,
    built.lookups.platform,
    {
      grade_id: built.schoolClass.grade_id as number,
    },
    1,
  );
  await t.db
    .updateTable('students')
    .set({ school_id: built.school.id, school_class_id: built.schoolClass.id })
    .where('id', '=', third.students[0].id)
    .execute();
  const students = [...built.students, third.students[0]];
  const other = await buildSchoolWithStudents(t.db, registry, built.lookups.platform, {
    grade_id: built.schoolClass.grade_id as number,
  });
  const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  const school = await signInSchoolStaff(t, [built.school.id]);
  // Staff of the first school whom an operator let intervene and grant extra time (school staff
  // only watch by default).
  const supervisorUser = await buildUserWithPermissions(t.db, [
    ...listPermissions(AREAS.examMonitor),
    permissionFor(AREAS.examMonitor, 'edit'),
    permissionFor(AREAS.accommodations, 'edit'),
  ]);
  await t.db.insertInto('user_schools').values({ user_id: supervisorUser.id, school_id: built.school.id }).execute();
  const supervisor = await signIn(t.app, supervisorUser);
  const response = await assign(t.app, author, built.exam.id, {
    ...EXAM_DAY_WINDOW,
    school_ids: [built.school.id, other.school.id],
    ...options,
  });
  expect(response.statusCode, response.body).toBe(200);
  const rows = await t.db
    .selectFrom('student_exams')
    .select(['id', 'student_id'])
    .where('exam_id', '=', built.exam.id)
    .execute();
  const assignmentOf = new Map(rows.map((row) => [row.student_id, row.id]));
  const cookies = [built.studentCookie];
  for (const student of students.slice(1)) cookies.push(await signInStudent(t.app, t.db, student.id));
  const [tf, sc, essay] = built.questions.map((q) => q.id);
  const student = (i: number) => {
    const id = assignmentOf.get(students[i].id)!;
    const as = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: Record<string, unknown>) => {
      const answers = body?.answers as Parameters<typeof studentBatch>[2] | undefined;
      const sent = answers ? { ...body, answers: await studentBatch(t.db, id, answers) } : body;
      return call(t.app, method, `/api/student/exams/${id}${path}`, sent, { cookie: cookies[i] });
    };
    return { id, student: students[i], as, cookie: cookies[i] };
  };
  const staff = (cookie: string) => ({
    monitor: async (query = '') => {
      await flushPresence(t.db);
      return call(t.app, 'GET', `/api/exams/${built.exam.id}/monitor${query}`, undefined, { cookie });
    },
    intervene: (body: Record<string, unknown>) =>
      call(t.app, 'POST', `/api/exams/${built.exam.id}/interventions`, body, { cookie }),
    release: (body: Record<string, unknown> = {}, method: 'POST' | 'DELETE' = 'POST') =>
      call(t.app, method, `/api/exams/${built.exam.id}/release`, body, { cookie }),
    extraTime: (body: Record<string, unknown>) =>
      call(t.app, 'PUT', `/api/exams/${built.exam.id}/extra-time`, body, { cookie }),
  });
  return {
    ...built,
    students,
    other,
    cookies: { admin, author, school, supervisor },
    student,
    staff,
    q: { tf, sc, essay },
  };
}

export type ExamDayScene = Awaited<ReturnType<typeof buildExamDayScene>>;

/** The audit rows of an action, oldest first. */
export function auditRows(t: TestContext, action: string) {
  return t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}
