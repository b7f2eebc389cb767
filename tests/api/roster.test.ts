import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { runRosterImport } from '../../src/server/roster';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { pdfText } from '../helpers/pdf-reading';
import { buildPlatform, buildRecord } from '../helpers/resource-factory';
import { csvOf, uploadRoster, utf16le, windows1256, xlsxOf, zipOf } from '../helpers/roster-files';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let staff: string;
let world: Awaited<ReturnType<typeof buildWorld>>;

const HEADER = [
  'Student number',
  'Name (Latin script)',
  'Name (Arabic)',
  'School',
  'Grade',
  'Class',
  'Level',
  'Gender',
  'Nationality',
  'Date of birth',
  'National id',
  'Active',
  'Extra time (%)',
];

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

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  cookie = admin,
  lang: 'en' | 'ar' = 'en',
) => call(t.app, method, url, body, { cookie, lang });
const studentCount = async () =>
  (
    await t.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const userCount = async () =>
  (
    await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

function row(number: string, overrides: Partial<Record<string, string>> = {}) {
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
  ] as string[];
}

async function importFile(cookie: string, file: { name: string; content: Buffer }) {
  const queued = await uploadRoster(t.app, cookie, file, 'import');
  expect(queued.statusCode, queued.body).toBe(202);
  const id = queued.json().data.id;
  await runRosterImport(t.db, id);
  const done = await api('GET', `/api/roster/imports/${id}`, undefined, cookie);
  expect(done.json().data.status, done.body).toBe('done');
  return done.json().data;
}

describe('students and their accounts', () => {
  const body = (number: string) => ({
    student_number: number,
    name_en: 'Sara Haddad',
    name_ar: 'سارة حداد',
    school_id: world.noor.id,
    school_class_id: world.noor4.id,
    grade_id: world.grade4.id,
    gender: 'female',
    nationality: 'JO',
    date_of_birth: '2016-05-01',
    is_active: true,
    extra_time_percent: 25,
  });

  it('creates a student with an account that signs in once a password is reset, never before', async () => {
    const created = await api('POST', '/api/students', body('API-001'), staff);
    expect(created.statusCode, created.body).toBe(201);
    const student = created.json().data;
    expect(student).toMatchObject({ student_number: 'API-001', extra_time_percent: 25, is_active: true });
    const noPassword = await call(t.app, 'POST', '/api/login', { email: 'api-001', password: '!' });
    expect(noPassword.statusCode).toBe(401);
    const reset = await api('POST', `/api/students/${student.id}/reset-password`, undefined, staff);
    expect(reset.statusCode, reset.body).toBe(200);
    const { username, password } = reset.json().data;
    expect(username).toBe('api-001');
    expect(password).toMatch(/^[a-z2-9]{8}$/);
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'api-001')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(password);
    const login = await call(t.app, 'POST', '/api/login', { email: 'API-001', password });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await call(t.app, 'GET', '/api/user', undefined, { cookie });
    expect(me.json().data).toMatchObject({ username: 'api-001', email: null });
    // Deactivated, the account can no longer sign in.
    const off = await api('PUT', `/api/students/${student.id}`, { ...body('API-001'), is_active: false }, staff);
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(t.app, 'POST', '/api/login', { email: 'api-001', password })).statusCode).toBe(401);
  });

  it('refuses a student number taken (in any case), and a student of another school for school staff', async () => {
    await api('POST', '/api/students', body('API-002'));
    const taken = await api('POST', '/api/students', body('api-002'));
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toContain('student_number');
    const elsewhere = await api(
      'POST',
      '/api/students',
      { ...body('API-003'), school_id: world.amal.id, school_class_id: world.amal4.id },
      staff,
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.school_id).toBeDefined();
  });

  it('deletes a student who has sat nothing, with their account; refuses (418) one who has', async () => {
    const free = (await api('POST', '/api/students', body('API-004'))).json().data;
    const deleted = await api('DELETE', `/api/students/${free.id}`, undefined, staff);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await t.db.selectFrom('users').select('id').where('username', '=', 'api-004').executeTakeFirst(),
    ).toBeUndefined();

    const sat = (await api('POST', '/api/students', body('API-005'))).json().data;
    const exam = await buildRecord(t.db, registry, registry.get('exams')!, world.platform, {
      grade_id: world.grade4.id,
    });
    await t.db
      .insertInto('student_exams')
      .values({ exam_id: exam.id, student_id: sat.id, status: 'in_progress', started_at: new Date() })
      .execute();
    const refused = await api('DELETE', `/api/students/${sat.id}`, undefined, admin, 'ar');
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toContain('عطّل');
    expect(await t.db.selectFrom('students').select('id').where('id', '=', sat.id).executeTakeFirst()).toBeDefined();
  });

  it('answers 401, 403 and 404 where the caller may not', async () => {
    const anyone = await api('GET', '/api/students', undefined, '');
    expect(anyone.statusCode).toBe(401);
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    expect((await api('POST', '/api/students', body('API-006'), author)).statusCode).toBe(403);
    const other = (
      await api('POST', '/api/students', {
        ...body('API-007'),
        school_id: world.amal.id,
        school_class_id: world.amal4.id,
      })
    ).json().data;
    for (const [method, url] of [
      ['GET', `/api/students/${other.id}`],
      ['POST', `/api/students/${other.id}/reset-password`],
      ['DELETE', `/api/students/${other.id}`],
      ['GET', `/api/school-classes/${world.amal4.id}/login-cards`],
    ] as const)
      expect((await api(method, url, undefined, staff)).statusCode, url).toBe(404);
    for (const url of [
      '/api/roster/template',
      '/api/students/export',
      `/api/school-classes/${world.noor4.id}/login-cards`,
    ])
      expect((await api('GET', url, undefined, author)).statusCode, url).toBe(403);
  });
});

describe('login cards', () => {
  it('print each new student of a class with a first password that signs in, in Arabic too', async () => {
    const klass = await buildRecord(t.db, registry, registry.get('school-classes')!, world.platform, {
      school_id: world.noor.id,
      grade_id: world.grade5.id,
      name_en: '5C',
      name_ar: 'الخامس ج',
    });
    for (const n of ['CARD-1', 'CARD-2'])
      await api(
        'POST',
        '/api/students',
        {
          student_number: n,
          name_en: `Card ${n}`,
          name_ar: 'بطاقة',
          school_id: world.noor.id,
          school_class_id: klass.id,
          grade_id: world.grade5.id,
          gender: 'male',
          nationality: 'AE',
        },
        staff,
      );
    const pdf = await api('GET', `/api/school-classes/${klass.id}/login-cards?lang=en`, undefined, staff);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('card-1');
    // Passwords are set letter-spaced (pdftotext may read the spacing as spaces).
    const passwords = [...text.matchAll(/Password\s+((?:[a-z2-9] ?){8})/g)].map((m) => m[1]!.replace(/ /g, ''));
    expect(passwords).toHaveLength(2);
    let signedIn = false;
    for (const candidate of passwords) {
      const login = await call(t.app, 'POST', '/api/login', { email: 'card-1', password: candidate });
      if (login.statusCode === 200) signedIn = true;
    }
    expect(signedIn).toBe(true);
    const arabic = await api('GET', `/api/school-classes/${klass.id}/login-cards?lang=ar`, undefined, staff);
    expect(arabic.statusCode).toBe(200);
    const arabicText = pdfText(arabic.rawPayload);
    expect(arabicText.replace(/\s/g, '')).toContain('card-2');
    // CARD-1 has signed in: their card keeps their password secret.
    expect(arabicText.replace(/\s/g, '')).toContain('الدخولمنقبل');
  });
});

describe('imports', () => {
  it('offers the template in both languages, the workbook with a reference sheet and drop-downs', async () => {
    const csv = await api('GET', '/api/roster/template?format=csv&lang=ar', undefined, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('رقم الطالب');
    const xlsx = await api('GET', '/api/roster/template?format=xlsx&lang=en', undefined, staff);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Students', 'Reference']);
    const reference = workbook.getWorksheet('Reference')!;
    const schools = (reference.getColumn(1).values as string[]).filter(Boolean);
    expect(schools).toEqual(['Schools', 'Roster Noor School']);
    expect(workbook.getWorksheet('Students')!.getCell('H2').dataValidation).toMatchObject({ type: 'list' });
  });

  it('runs a dry run that changes nothing, imports as a job, and changes nothing when the same file comes again', async () => {
    const file = {
      name: 'pupils.csv',
      content: Buffer.from(
        csvOf([HEADER, row('IMP-1'), row('IMP-2', { class: '5A', grade: 'Grade 5 R', gender: 'ذكر' })]),
      ),
    };
    const before = await studentCount();
    const dry = await uploadRoster(t.app, staff, file);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({
      status: 'dry_run',
      format: 'csv',
      encoding: 'utf-8',
      summary: { create: 2, update: 0, unchanged: 0, errors: 0 },
    });
    expect(await studentCount()).toBe(before);
    const done = await importFile(staff, file);
    expect(done.summary).toMatchObject({ create: 2 });
    expect(await studentCount()).toBe(before + 2);
    const account = await t.db
      .selectFrom('users')
      .innerJoin('students', 'students.user_id', 'users.id')
      .select(['users.username', 'students.gender'])
      .where('students.student_number', '=', 'IMP-2')
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ username: 'imp-2', gender: 'male' });
    const again = await uploadRoster(t.app, staff, file);
    expect(again.json().data.summary).toMatchObject({ create: 0, update: 0, unchanged: 2, errors: 0 });
    const changed = {
      name: 'pupils.csv',
      content: Buffer.from(
        csvOf([
          HEADER,
          row('imp-1', { en: 'Pupil renamed' }),
          row('IMP-2', { class: '5A', grade: 'Grade 5 R', gender: 'male' }),
        ]),
      ),
    };
    const update = await importFile(staff, changed);
    expect(update.summary).toMatchObject({ create: 0, update: 1, unchanged: 1 });
    const renamed = await t.db
      .selectFrom('students')
      .innerJoin('users', 'users.id', 'students.user_id')
      .select(['students.name_en', 'users.name'])
      .where('student_number', '=', 'imp-1')
      .executeTakeFirstOrThrow();
    expect(renamed).toEqual({ name_en: 'Pupil renamed', name: 'Pupil renamed' });
    const result = await api('GET', `/api/roster/imports/${update.id}/result?format=csv`, undefined, staff);
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('Updated');
    expect(result.body).toContain('Unchanged');
  });

  it('exports the students in the template, which imports back unchanged (CSV and XLSX, both languages)', async () => {
    for (const [format, lang] of [
      ['csv', 'en'],
      ['xlsx', 'ar'],
    ] as const) {
      const exported = await api('GET', `/api/students/export?format=${format}&lang=${lang}`, undefined, staff);
      expect(exported.statusCode).toBe(200);
      const dry = await uploadRoster(t.app, staff, { name: `students.${format}`, content: exported.rawPayload });
      expect(dry.statusCode, dry.body).toBe(200);
      const { summary } = dry.json().data;
      expect(summary.unchanged).toBeGreaterThan(2);
      expect(summary).toMatchObject({ create: 0, update: 0, errors: 0 });
    }
    const all = await api('GET', '/api/students/export?format=csv', undefined, staff);
    expect(all.body).not.toContain('API-007');
  });

  it('reads Windows-1256 and UTF-16 text with Arabic headers, and shows the encoding it found', async () => {
    const arabicHeader = [
      'رقم الطالب',
      'الاسم بالأحرف اللاتينية',
      'الاسم بالعربية',
      'المدرسة',
      'الصف',
      'الشعبة',
      'المستوى',
      'الجنس',
      'الجنسية',
      'تاريخ الميلاد',
      'رقم الهوية الوطنية',
      'نشط',
      'الوقت الإضافي (%)',
    ];
    const text = csvOf([
      arabicHeader,
      row('ENC-1', {
        ar: 'مريم الحسن',
        school: 'مدرسة النور للسجل',
        grade: 'الصف الرابع ر',
        class: 'الرابع أ',
        gender: 'أنثى',
        active: 'نعم',
        born: '04/03/2016',
      }),
    ]);
    const legacy = await uploadRoster(t.app, staff, { name: 'legacy.csv', content: windows1256(text) });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().data).toMatchObject({ encoding: 'windows-1256', summary: { create: 1, errors: 0 } });
    const wide = await uploadRoster(t.app, staff, { name: 'unicode.txt', content: utf16le(text.replace(/,/g, '\t')) });
    expect(wide.json().data).toMatchObject({ encoding: 'utf-16le', summary: { create: 1, errors: 0 } });
    await importFile(staff, { name: 'legacy.csv', content: windows1256(text) });
    const student = await t.db
      .selectFrom('students')
      .select(['name_ar', 'gender'])
      .select((eb) => eb.fn<string>('to_char', [eb.ref('date_of_birth'), eb.val('YYYY-MM-DD')]).as('born'))
      .where('student_number', '=', 'ENC-1')
      .executeTakeFirstOrThrow();
    expect(student).toEqual({ name_ar: 'مريم الحسن', gender: 'female', born: '2016-03-04' });
  });

  it('imports a OneRoster 1.2 bulk zip, matched by sourcedId when a user has no identifier', async () => {
    const zip = zipOf({
      'manifest.csv':
        'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,bulk\nfile.orgs,bulk\n',
      'orgs.csv':
        'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\norg-1,active,2026-09-01,Roster Noor School,school,,\n',
      'academicSessions.csv':
        'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\nterm-1,active,2026-09-01,2026-2027,schoolYear,2026-09-01,2027-06-30,,2027\n',
      'classes.csv':
        'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\ncls-1,active,2026-09-01,5A,05,course-1,5A,homeroom,,org-1,term-1,,,\n',
      'users.csv':
        'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,metadata.ltm.nameAr,metadata.ltm.nationality,metadata.ltm.grade\nusr-1,active,2026-09-01,true,,,Adam,Saleh,,OR-100,,,,,05,,آدم صالح,SA,Grade 5 R\nusr-2,active,2026-09-01,true,,,Lina,Omar,,,,,,,05,,لينا عمر,JO,Grade 5 R\nusr-3,active,2026-09-01,true,t1,,Teacher,One,,T-1,t@example.test,,,,,,,,\n',
      'roles.csv':
        'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId\nr1,active,2026-09-01,usr-1,primary,student,,,org-1,\nr2,active,2026-09-01,usr-2,primary,student,,,org-1,\nr3,active,2026-09-01,usr-3,primary,teacher,,,org-1,\n',
      'enrollments.csv':
        'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\ne1,active,2026-09-01,cls-1,org-1,usr-1,student,true,,\ne2,active,2026-09-01,cls-1,org-1,usr-2,student,true,,\n',
      'demographics.csv':
        'sourcedId,status,dateLastModified,birthDate,sex\nusr-1,active,2026-09-01,2015-01-02,male\nusr-2,active,2026-09-01,2015-02-03,female\n',
    });
    const dry = await uploadRoster(t.app, staff, { name: 'oneroster.zip', content: zip });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ format: 'oneroster', summary: { create: 2, errors: 0 } });
    await importFile(staff, { name: 'oneroster.zip', content: zip });
    const students = await t.db
      .selectFrom('students')
      .select(['student_number', 'name_en', 'name_ar', 'nationality', 'school_class_id', 'gender'])
      .where('student_number', 'in', ['OR-100', 'usr-2'])
      .orderBy('student_number')
      .execute();
    expect(students).toEqual([
      {
        student_number: 'OR-100',
        name_en: 'Adam Saleh',
        name_ar: 'آدم صالح',
        nationality: 'SA',
        school_class_id: world.noor5.id,
        gender: 'male',
      },
      {
        student_number: 'usr-2',
        name_en: 'Lina Omar',
        name_ar: 'لينا عمر',
        nationality: 'JO',
        school_class_id: world.noor5.id,
        gender: 'female',
      },
    ]);
    const again = await uploadRoster(t.app, staff, { name: 'oneroster.zip', content: zip });
    expect(again.json().data.summary).toMatchObject({ create: 0, unchanged: 2 });
  });
});

describe('bad input changes nothing', () => {
  const refusedRows = async (rows: string[][], lang: 'en' | 'ar' = 'en') => {
    const students = await studentCount();
    const response = await uploadRoster(
      t.app,
      staff,
      { name: 'bad.csv', content: Buffer.from(csvOf([HEADER, ...rows])) },
      'import',
      lang,
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(await studentCount()).toBe(students);
    return response.json();
  };

  it("names every problem by row and column, in the reader's language, and imports none of the file", async () => {
    await api('POST', '/api/students', {
      student_number: 'AMAL-1',
      name_en: 'Amal pupil',
      name_ar: 'تلميذ',
      school_id: world.amal.id,
      school_class_id: world.amal4.id,
      grade_id: world.grade4.id,
      gender: 'male',
      nationality: 'AE',
    });
    const report = await refusedRows([
      row('GOOD-1'),
      row('BAD-1', { class: '9Z' }),
      row('BAD-2', { grade: 'Grade 12' }),
      row('DUP-1'),
      row('dup-1'),
      row('AMAL-1'),
      row('BAD-3', { born: '2016-02-30' }),
      row('BAD-4', { en: '', nationality: '' }),
      row('BAD-5', { en: '=HYPERLINK("http://evil.test","x")' }),
      row('BAD-6', { class: '5A' }),
      row('BAD-7', { extra: '150', gender: 'x', nationality: 'ZZ', active: 'maybe' }),
      row('BAD-8', { school: 'Roster Amal School' }),
    ]);
    const byRow = new Map<number, Record<string, string[]>>(
      report.data.rows.map((r: { row: number; errors: Record<string, string[]> }) => [r.row, r.errors]),
    );
    expect(report.data.summary).toMatchObject({ create: 1, errors: 11 });
    expect(byRow.get(2)).toBeUndefined();
    expect(byRow.get(3)!.class).toEqual(['The school has no class named "9Z" in this grade']);
    expect(byRow.get(4)!.grade[0]).toContain('Grade 12');
    expect(byRow.get(5)!.student_number[0]).toContain('row 6');
    expect(byRow.get(6)!.student_number[0]).toContain('row 5');
    expect(byRow.get(7)!.student_number).toEqual(['This student number belongs to a student of another school']);
    expect(byRow.get(8)!.date_of_birth[0]).toContain('2016-02-30');
    expect(Object.keys(byRow.get(9)!).sort()).toEqual(['name_en', 'nationality']);
    expect(byRow.get(10)!.name_en).toEqual(['Formulas are not accepted: type the value itself']);
    expect(byRow.get(11)!.class[0]).toContain('another grade');
    expect(Object.keys(byRow.get(12)!).sort()).toEqual(['active', 'extra_time_percent', 'gender', 'nationality']);
    expect(byRow.get(13)!.school[0]).toContain('Roster Amal School');
    const arabic = await refusedRows([row('BAD-9', { class: '9Z' })], 'ar');
    expect(arabic.message).toContain('لم يُستورد');
    expect(arabic.data.rows[0].errors.class[0]).toContain('لا توجد في المدرسة شعبة');
  });

  it('refuses an XLSX formula, a 50 MB file, a zip bomb, a zip with ../ names, a million empty rows and an unknown format', async () => {
    const students = await studentCount();
    const users = await userCount();
    const formula = await uploadRoster(t.app, staff, {
      name: 'f.xlsx',
      content: await xlsxOf([
        HEADER,
        [...row('XF-1').slice(0, 1), { formula: 'CONCATENATE("a","b")' }, ...row('XF-1').slice(2)],
      ]),
    });
    expect(formula.json().data.rows[0].errors.name_en).toEqual(['Formulas are not accepted: type the value itself']);

    const cases: [string, Buffer, string][] = [
      ['huge.csv', Buffer.alloc(50 * 1024 * 1024, 'a'), 'larger than 20 MB'],
      ['bomb.zip', zipOf({ 'manifest.csv': new Uint8Array(210 * 1024 * 1024) }), 'more than 200 MB'],
      ['slip.zip', zipOf({ 'manifest.csv': 'propertyName,value\n', '../../etc/passwd': 'x' }), 'outside its folder'],
      [
        'million.xlsx',
        zipOf({
          '[Content_Types].xml': '<Types/>',
          'xl/workbook.xml': '<workbook/>',
          'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${Array.from({ length: 1_000_000 }, (_, i) => `<row r="${i + 1}"/>`).join('')}</sheetData></worksheet>`,
        }),
        'more than 50000 rows',
      ],
      [
        'hidden-sheet.xlsx',
        zipOf({
          '[Content_Types].xml': '<Types/>',
          'xl/workbook.xml': '<workbook/>',
          'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c r="A1"/></row></sheetData></worksheet>',
          'xl/worksheets/sheet2.xml': `<worksheet><sheetData>${Array.from({ length: 60_000 }, (_, i) => `<row r="${i + 1}"/>`).join('')}</sheetData></worksheet>`,
        }),
        'more than 50000 rows',
      ],
      [
        'cells.xlsx',
        zipOf({
          '[Content_Types].xml': '<Types/>',
          'xl/workbook.xml': '<workbook/>',
          'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${Array.from({ length: 200 }, (_, r) => `<row r="${r + 1}">${'<c t="n"/>'.repeat(10_001)}</row>`).join('')}</sheetData></worksheet>`,
        }),
        'more than 2000000 cells',
      ],
      ['picture.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]), 'not a CSV file'],
      ['empty.csv', Buffer.from(''), 'empty'],
      ['noheader.csv', Buffer.from('a,b,c\n1,2,3\n'), 'first row'],
    ];
    for (const [name, content, message] of cases) {
      const response = await uploadRoster(t.app, staff, { name, content }, 'import');
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json().errors.file.join(' '), name).toContain(message);
    }
    expect(await studentCount()).toBe(students);
    expect(await userCount()).toBe(users);
  });

  it("keeps each user's imports to themselves, and refuses roster routes to those without the permission", async () => {
    const dry = await uploadRoster(t.app, staff, {
      name: 'a.csv',
      content: Buffer.from(csvOf([HEADER, row('OWN-1')])),
    });
    const id = dry.json().data.id;
    expect((await api('GET', `/api/roster/imports/${id}`, undefined, admin)).statusCode).toBe(404);
    expect((await api('GET', `/api/roster/imports/${id}/result`, undefined, admin)).statusCode).toBe(404);
    const student = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    expect((await uploadRoster(t.app, student, { name: 'a.csv', content: Buffer.from('x') })).statusCode).toBe(403);
    expect((await uploadRoster(t.app, '', { name: 'a.csv', content: Buffer.from('x') })).statusCode).toBe(401);
    expect(dry.json().data).not.toHaveProperty('file');
    expect(dry.json().data).not.toHaveProperty('school_ids');
  });
});

describe('academic year rollover', () => {
  it('previews without a change, then moves each class up a grade (making missing classes) and lets the last grade leave', async () => {
    const platform = await buildPlatform(t.db, 'IRA');
    const record = (name: string, overrides: Record<string, unknown>) =>
      buildRecord(t.db, registry, registry.get(name)!, platform, overrides);
    const g8 = await record('grades', { name_en: 'Grade 8', name_ar: 'الصف الثامن' });
    const g9 = await record('grades', { name_en: 'Grade 9', name_ar: 'الصف التاسع' });
    const school = await record('schools', { name_en: 'Rollover School', name_ar: 'مدرسة الترفيع' });
    const c8 = await record('school-classes', {
      school_id: school.id,
      grade_id: g8.id,
      name_en: '8B',
      name_ar: 'الثامن ب',
    });
    const c9 = await record('school-classes', {
      school_id: school.id,
      grade_id: g9.id,
      name_en: '9B',
      name_ar: 'التاسع ب',
    });
    const l8 = await record('levels', { name_en: 'Level 8', name_ar: 'المستوى الثامن' });
    const l9 = await record('levels', { name_en: 'Level 9', name_ar: 'المستوى التاسع' });
    const add = async (number: string, klass: { id: number }, grade: { id: number }) =>
      (
        await api('POST', '/api/students', {
          student_number: number,
          name_en: number,
          name_ar: 'طالب',
          school_id: school.id,
          school_class_id: klass.id,
          grade_id: grade.id,
          level_id: grade.id === g8.id ? l8.id : l9.id,
          gender: 'male',
          nationality: 'AE',
        })
      ).json().data.id as number;
    const young = await add('ROLL-8', c8, g8);
    const old = await add('ROLL-9', c9, g9);
    const preview = await api('POST', '/api/roster/rollover', { school_id: school.id });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      applied: false,
      summary: { classes: 2, promoted: 1, leaving: 1, classes_to_create: 0 },
    });
    expect(preview.json().data.classes.find((c: { class_id: number }) => c.class_id === c8.id).target).toMatchObject({
      class_id: c9.id,
      name_en: '9B',
    });
    const unchanged = await t.db
      .selectFrom('students')
      .select(['school_class_id', 'is_active'])
      .where('id', '=', young)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ school_class_id: c8.id, is_active: true });

    const applied = await api('POST', '/api/roster/rollover', { school_id: school.id, apply: true });
    expect(applied.json().data.summary).toMatchObject({ promoted: 1, left: 1 });
    const moved = await t.db
      .selectFrom('students')
      .select(['id', 'school_class_id', 'grade_id', 'level_id', 'is_active'])
      .where('id', 'in', [young, old])
      .orderBy('id')
      .execute();
    expect(moved).toEqual([
      { id: young, school_class_id: c9.id, grade_id: g9.id, level_id: l9.id, is_active: true },
      { id: old, school_class_id: c9.id, grade_id: g9.id, level_id: l9.id, is_active: false },
    ]);
    // The next year: 9B's student leaves; a new Grade 8 class gets one whose next class does not exist yet.
    const c8c = await record('school-classes', {
      school_id: school.id,
      grade_id: g8.id,
      name_en: '8C',
      name_ar: 'الثامن ج',
    });
    await add('ROLL-8C', c8c, g8);
    const next = await api('POST', '/api/roster/rollover', { school_id: school.id });
    expect(next.json().data.classes.find((c: { class_id: number }) => c.class_id === c8c.id).target).toEqual({
      class_id: null,
      name_en: '9C',
      name_ar: 'الثامن ج',
    });
  });

  it('keeps school staff to their schools', async () => {
    expect((await api('POST', '/api/roster/rollover', { school_id: world.amal.id }, staff)).statusCode).toBe(404);
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    expect((await api('POST', '/api/roster/rollover', {}, author)).statusCode).toBe(403);
    const mine = await api('POST', '/api/roster/rollover', {}, staff);
    expect(mine.statusCode).toBe(200);
    for (const move of mine.json().data.classes) expect(move.school_id).toBe(world.noor.id);
  });
});

describe('student numbers', () => {
  it('refuses a number a child could not type on a card, in the request language', async () => {
    for (const number of ['has space', '-starts-with-dash', 'x'.repeat(41), 'عربي']) {
      const response = await api(
        'POST',
        '/api/students',
        {
          student_number: number,
          name_en: 'N',
          name_ar: 'ن',
          school_id: world.noor.id,
          school_class_id: world.noor4.id,
          grade_id: world.grade4.id,
          gender: 'male',
          nationality: 'AE',
        },
        admin,
        'ar',
      );
      expect(response.statusCode, number).toBe(422);
      expect(response.json().errors.student_number, number).toBeDefined();
    }
  });
});

describe('personal fields', () => {
  it('shows national id and date of birth to those who manage students only, over the list and a record', async () => {
    const created = (
      await api('POST', '/api/students', {
        student_number: 'PRIV-1',
        name_en: 'Private',
        name_ar: 'خاص',
        school_id: world.noor.id,
        school_class_id: world.noor4.id,
        grade_id: world.grade4.id,
        gender: 'male',
        nationality: 'AE',
        national_id: '784-2016-1234567-1',
        date_of_birth: '2016-01-01',
      })
    ).json().data;
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    for (const url of ['/api/students?per_page=100', `/api/students/${created.id}`]) {
      const response = await api('GET', url, undefined, author);
      expect(response.statusCode).toBe(200);
      expect(response.body, url).not.toContain('784-2016');
      expect(response.body, url).not.toContain('date_of_birth');
      const staffView = await api('GET', url, undefined, staff);
      expect(staffView.body, url).toContain('784-2016');
    }
  });
});

describe('staff accounts', () => {
  it('lists staff in Users, never the students’ accounts (they are managed with their student)', async () => {
    const users = await api('GET', '/api/users?per_page=100');
    expect(users.statusCode).toBe(200);
    const names = users.json().data.map((u: { name: string }) => u.name);
    expect(names).not.toContain('Pupil IMP-2');
    expect(users.json().data.every((u: { email: string | null }) => u.email !== null)).toBe(true);
  });
});
