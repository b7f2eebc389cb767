import { afterAll, beforeAll, expect } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { runRosterImport } from '../../src/server/roster';
import { headersIn } from '../../src/server/roster/roster-columns';
import { call } from './api-client';
import { buildUser, signIn } from './factories';
import { buildPlatform, buildRecord } from './resource-factory';
import { uploadRoster } from './roster-files';
import { createTestApp, type TestContext } from './test-app';

export let t: TestContext;
export let registry: SchemaRegistry;
export let admin: string;
export let staff: string;
export let world: Awaited<ReturnType<typeof buildWorld>>;

/** The template's English headers. */
export const HEADER = headersIn('en');

async function buildWorld() {
  const platform = await buildPlatform(t.db, 'IRA');
  const record = (name: string, overrides: Record<string, unknown>) =>
    buildRecord(t.db, registry, registry.get(name)!, platform, overrides);
  const grade4 = await record('grades', { name_en: 'Grade 4 R', name_ar: 'الصف الرابع ر' });
  const grade5 = await record('grades', { name_en: 'Grade 5 R', name_ar: 'الصف الخامس ر' });
  const noor = await record('schools', { name_en: 'Roster Noor School', name_ar: 'مدرسة النور للسجل' });
  const amal = await record('schools', { name_en: 'Roster Amal School', name_ar: 'مدرسة الأمل للسجل' });
  const noor4 = await record('school-classes', {
    school_id: noor.id,
    grade_id: grade4.id,
    name_en: '4A',
    name_ar: 'الرابع أ',
  });
  const noor5 = await record('school-classes', {
    school_id: noor.id,
    grade_id: grade5.id,
    name_en: '5A',
    name_ar: 'الخامس أ',
  });
  const amal4 = await record('school-classes', {
    school_id: amal.id,
    grade_id: grade4.id,
    name_en: '4A',
    name_ar: 'الرابع أ',
  });
  return { platform, grade4, grade5, noor, amal, noor4, noor5, amal4 };
}

/** A test app with two schools (Noor and Amal), their grades and classes, an admin and Noor's staff. */
export function useRosterWorld() {
  beforeAll(async () => {
    t = await createTestApp();
    registry = await loadSchemaRegistry();
    admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    world = await buildWorld();
    const staffUser = await buildUser(t.db, { role: ROLES.school });
    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', staffUser.email)
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_schools').values({ user_id: id, school_id: world.noor.id }).execute();
    staff = await signIn(t.app, staffUser);
  });
  afterAll(() => t.close());
}

export const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  cookie = admin,
  lang: 'en' | 'ar' = 'en',
) => call(t.app, method, url, body, { cookie, lang });
export const studentCount = async () =>
  (
    await t.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
export const userCount = async () =>
  (
    await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

export function row(number: string, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    number,
    en: `Pupil ${number}`,
    ar: `تلميذ ${number}`,
    school: 'Roster Noor School',
    grade: 'Grade 4 R',
    class: '4A',
    level: '',
    gender: 'female',
    nationality: 'AE',
    born: '2016-03-04',
    national: '',
    active: 'yes',
    extra: '0',
    reason: '',
    ...overrides,
  };
  return [
    values.number,
    values.en,
    values.ar,
    values.school,
    values.grade,
    values.class,
    values.level,
    values.gender,
    values.nationality,
    values.born,
    values.national,
    values.active,
    values.extra,
    values.reason,
  ] as string[];
}

export async function importFile(
  cookie: string,
  file: { name: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const queued = await uploadRoster(t.app, cookie, file, 'import', 'en', fields);
  expect(queued.statusCode, queued.body).toBe(202);
  const id = queued.json().data.id;
  await runRosterImport(t.db, id);
  const done = await api('GET', `/api/roster/imports/${id}`, undefined, cookie);
  expect(done.json().data.status, done.body).toBe('done');
  return done.json().data;
}
