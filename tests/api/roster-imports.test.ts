import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  admin,
  api,
  HEADER,
  importFile,
  row,
  staff,
  studentCount,
  t,
  userCount,
  useRosterWorld,
  world,
} from '../helpers/roster-world';
import { buildUser, signIn } from '../helpers/factories';
import { csvOf, uploadRoster, utf16le, windows1256, xlsxOf, zipOf } from '../helpers/roster-files';
import { ROLES } from '../../src/common/permissions';

useRosterWorld();

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

  it('audits every student an import creates or changes, with before and after and the import (issue 39)', async () => {
    await importFile(staff, { name: 'a.csv', content: Buffer.from(csvOf([HEADER, row('AUD-1'), row('AUD-2')])) });
    // A class change by the school's staff; extra time is an administrator's (see accommodations.test.ts).
    const changed = csvOf([HEADER, row('AUD-1', { class: '5A', grade: 'Grade 5 R' }), row('AUD-2')]);
    const done = await importFile(staff, { name: 'b.csv', content: Buffer.from(changed) });
    expect(done.summary).toMatchObject({ update: 1, unchanged: 1 });
    const student = await t.db
      .selectFrom('students')
      .select(['id', 'school_id'])
      .where('student_number', '=', 'AUD-1')
      .executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'school_id', 'summary', 'request_id'])
      .where('target', '=', `students/${student.id}`)
      .orderBy('id')
      .execute();
    const parsed = rows.map((r) => ({
      ...r,
      summary: typeof r.summary === 'string' ? JSON.parse(r.summary) : r.summary,
    }));
    expect(parsed.map((r) => r.action)).toEqual(['students.create', 'students.update']);
    // The importer: the user who sent the file (school staff), not the system.
    const importer = await t.db
      .selectFrom('roster_imports')
      .select('user_id')
      .where('file_name', '=', 'b.csv')
      .executeTakeFirstOrThrow();
    expect(parsed[1]).toMatchObject({
      actor_id: importer.user_id,
      school_id: student.school_id,
      request_id: expect.stringMatching(/^roster_imports\/\d+$/),
      summary: {
        before: { school_class_id: world.noor4.id, grade_id: world.grade4.id },
        after: { school_class_id: world.noor5.id, grade_id: world.grade5.id },
      },
    });
    // The unchanged student got no entry of this import.
    const other = await t.db
      .selectFrom('students')
      .select('id')
      .where('student_number', '=', 'AUD-2')
      .executeTakeFirstOrThrow();
    expect(
      await t.db.selectFrom('audit_log').select('action').where('target', '=', `students/${other.id}`).execute(),
    ).toEqual([{ action: 'students.create' }]);
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
      expect(summary.unchanged).toBeGreaterThanOrEqual(2);
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
    expect(byRow.get(7)!.student_number).toEqual([
      'This student number cannot be used: choose another, or ask an administrator',
    ]);
    expect(byRow.get(8)!.date_of_birth[0]).toContain('2016-02-30');
    expect(Object.keys(byRow.get(9)!).sort()).toEqual(['name_en']);
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
