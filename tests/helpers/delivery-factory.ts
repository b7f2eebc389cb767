import { randomBytes } from 'node:crypto';
import type { SchemaRegistry } from '../../schemas/index';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import { call } from './api-client';
import { buildExam, type ExamSpec } from './exam-factory';
import { buildUser, signIn } from './factories';
import { buildRecord } from './resource-factory';
import { bothNames } from './student-names';

/** A school with one class of the given grade (IRA) and students in it; the first can sign in. */
export async function buildSchoolWithStudents(
  db: Db,
  registry: SchemaRegistry,
  platform: { id: number; identifier: string },
  stage: { grade_id: number; level_id?: number | null },
  count = 2,
) {
  const school = await buildRecord(db, registry, registry.get('schools')!, platform);
  const schoolClass = await buildRecord(db, registry, registry.get('school-classes')!, platform, {
    school_id: school.id,
    grade_id: stage.grade_id,
  });
  const students = [];
  for (let i = 0; i < count; i++) {
    students.push(
      await db
        .insertInto('students')
        .values({
          school_id: school.id,
          school_class_id: schoolClass.id,
          grade_id: stage.grade_id,
          level_id: stage.level_id ?? null,
          ...bothNames(`Student ${randomBytes(3).toString('hex')}`),
          gender: i % 2 ? 'female' : 'male',
          nationality: 'AE',
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return { school, schoolClass, students };
}

/** Links a new student account to a student record and signs it in: the session cookie. */
export async function signInStudent(app: App, db: Db, studentId: number): Promise<string> {
  const user = await buildUser(db, { role: 'com.ltm.roles.student' });
  const row = await db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
  await db.updateTable('students').set({ user_id: row.id }).where('id', '=', studentId).execute();
  return signIn(app, user);
}

/**
 * A published exam open from 2026-06-01 08:00 to 2026-06-30 15:00 (UTC), a school of its grade with
 * two students, and the first student signed in. The exam spec can add questions and settings.
 */
export async function buildDeliveryScene(app: App, db: Db, registry: SchemaRegistry, spec: ExamSpec = {}) {
  const built = await buildExam(db, registry, {
    ...spec,
    exam: { start_date_time: '2026-06-01 08:00:00', end_date_time: '2026-06-30 15:00:00', ...spec.exam },
  });
  const grade =
    built.lookups.grade ?? (await buildRecord(db, registry, registry.get('grades')!, built.lookups.platform));
  const scene = await buildSchoolWithStudents(db, registry, built.lookups.platform, {
    grade_id: grade.id,
    level_id: built.lookups.level?.id ?? null,
  });
  const studentCookie = await signInStudent(app, db, scene.students[0].id);
  return { ...built, ...scene, studentCookie };
}

/** Assigns the exam (as the given staff cookie) and answers the response. */
export function assign(app: App, cookie: string, examId: number, body: Record<string, unknown>, again = false) {
  return call(app, 'POST', `/api/exams/${examId}/${again ? 'reassign' : 'assign'}/students`, body, { cookie });
}
