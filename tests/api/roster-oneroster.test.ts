import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { admin, api, HEADER, importFile, row, staff, t, useRosterWorld, world } from '../helpers/roster-world';
import { csvOf, uploadRoster, zipOf } from '../helpers/roster-files';
import { standardFiles, standardSet } from '../helpers/oneroster-files';

useRosterWorld();

const WANTED = ['gender', 'name_ar', 'nationality'];

describe('a OneRoster 1.2 set with no demographics and no Arabic names', () => {
  it('imports every student, says in both languages what each leaves out, and lists them as incomplete', async () => {
    const zip = standardSet([
      ['u-1', 'Huda', 'Karim', 'STD-OR-1'],
      ['u-2', 'Omar', 'Nasser', 'STD-OR-2'],
      ['u-3', 'Sara', 'Fadel', 'STD-OR-3'],
    ]);
    const dry = await uploadRoster(t.app, staff, { name: 'standard.zip', content: zip });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json().data;
    expect(report.summary).toEqual({
      create: 3,
      update: 0,
      unchanged: 0,
      errors: 0,
      incomplete: 3,
      skipped: 0,
      new_classes: 0,
    });
    expect(report.rows).toHaveLength(3);
    for (const r of report.rows) {
      expect(r.status).toBe('create');
      expect(r.errors).toEqual({});
      expect(Object.keys(r.warnings).sort()).toEqual(WANTED);
      expect(r.warnings.gender).toEqual([
        'Not in the file: the student is imported and listed as incomplete until it is filled in',
      ]);
    }
    const arabic = await uploadRoster(t.app, staff, { name: 'standard.zip', content: zip }, 'dry_run', 'ar');
    expect(arabic.json().data.rows[0].warnings.nationality[0]).toContain('غير موجود في الملف');

    await importFile(staff, { name: 'standard.zip', content: zip });
    const stored = await t.db
      .selectFrom('students')
      .select(['student_number', 'name_en', 'name_ar', 'gender', 'nationality', 'school_class_id', 'is_complete'])
      .where('student_number', 'like', 'STD-OR-%')
      .orderBy('student_number')
      .execute();
    expect(stored).toEqual(
      ['Huda Karim', 'Omar Nasser', 'Sara Fadel'].map((name, i) => ({
        student_number: `STD-OR-${i + 1}`,
        name_en: name,
        name_ar: '',
        gender: null,
        nationality: null,
        school_class_id: world.noor5.id,
        is_complete: false,
      })),
    );

    // The list finds them by "Complete: no"; the complete ones are not among them.
    const incomplete = await api('GET', '/api/students?filter[is_complete]=false&per_page=100', undefined, staff);
    expect(incomplete.statusCode, incomplete.body).toBe(200);
    const numbers = incomplete.json().data.map((s: { student_number: string }) => s.student_number);
    expect(numbers).toEqual(expect.arrayContaining(['STD-OR-1', 'STD-OR-2', 'STD-OR-3']));
    for (const s of incomplete.json().data) expect(s.is_complete).toBe(false);

    // Filling them in on the student's form makes the student complete; the flag itself is not written.
    const huda = incomplete.json().data.find((s: { student_number: string }) => s.student_number === 'STD-OR-1');
    const completed = await api(
      'PUT',
      `/api/students/${huda.id}`,
      { ...huda, name_ar: 'هدى كريم', gender: 'female', nationality: 'AE', is_complete: false },
      staff,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().data).toMatchObject({ name_ar: 'هدى كريم', gender: 'female', is_complete: true });
    const complete = await api('GET', '/api/students?filter[is_complete]=true&per_page=100', undefined, staff);
    expect(complete.json().data.map((s: { student_number: string }) => s.student_number)).toContain('STD-OR-1');
  });

  it("reads an Arabic name from OneRoster 1.2's preferred names or another tool's metadata column, when written in Arabic", async () => {
    const files = standardFiles([
      ['u-1', 'Huda', 'Karim', 'STD-ORN-1'],
      ['u-2', 'Omar', 'Nasser', 'STD-ORN-2'],
      ['u-3', 'Sara', 'Fadel', 'STD-ORN-3'],
    ]);
    const [header, ...lines] = files['users.csv'].trim().split('\n');
    const extra = [
      // Preferred names in Arabic: the Arabic name (the guardian's name in Arabic is never it).
      ',هدى,كريم,,كريم أحمد',
      // Another tool's metadata column in Arabic: the Arabic name.
      ',,, عمر ناصر ,',
      // Preferred names in Latin letters are a nickname, not an Arabic name.
      ',Sally,,,فادل يوسف',
    ];
    files['users.csv'] = [
      `${header},preferredFirstName,preferredLastName,metadata.arabicName,metadata.guardianName`,
      ...lines.map((line, i) => line + extra[i]),
      '',
    ].join('\n');
    const zip = zipOf(files);
    const dry = await uploadRoster(t.app, staff, { name: 'names.zip', content: zip });
    expect(dry.statusCode, dry.body).toBe(200);
    const rows = dry.json().data.rows as { warnings: Record<string, unknown> }[];
    expect(rows.map((r) => 'name_ar' in r.warnings)).toEqual([false, false, true]);
    await importFile(staff, { name: 'names.zip', content: zip });
    const stored = await t.db
      .selectFrom('students')
      .select('name_ar')
      .where('student_number', 'like', 'STD-ORN-%')
      .orderBy('student_number')
      .execute();
    expect(stored.map((s) => s.name_ar)).toEqual(['هدى كريم', 'عمر ناصر', '']);
  });

  it('leaves out the teachers and administrators of the file, row by row with their role, in both languages', async () => {
    const files = standardFiles([['u-20', 'Rana', 'Said', 'STD-OR-20']]);
    files['users.csv'] +=
      'staff-1,active,2026-09-01T00:00:00.000Z,true,t1,,Mona,Haddad,,STD-OR-20,mona@example.test,,,,,\n' +
      'staff-2,active,2026-09-01T00:00:00.000Z,true,a1,,Ziad,Kamal,,T-2,,,,,,\n' +
      'staff-3,tobedeleted,2026-09-01T00:00:00.000Z,true,a2,,Gone,Away,,T-3,,,,,,\n';
    files['roles.csv'] +=
      'role-s1,active,2026-09-01T00:00:00.000Z,staff-1,primary,teacher,,,org-1,\n' +
      'role-s2,active,2026-09-01T00:00:00.000Z,staff-2,primary,principal,,,org-1,\n' +
      'role-s3,active,2026-09-01T00:00:00.000Z,staff-3,primary,teacher,,,org-1,\n';
    const zip = zipOf(files);
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const dry = (await uploadRoster(t.app, staff, { name: 'staff.zip', content: zip })).json().data;
    // The teacher shares the student's identifier: not a duplicate, since the teacher is left out.
    expect(dry.summary).toMatchObject({ create: 1, errors: 0, skipped: 2 });
    const skipped = dry.rows.filter((r: { status: string }) => r.status === 'skipped');
    expect(skipped.map((r: { row: number }) => r.row)).toEqual([3, 4]);
    expect(skipped[0].warnings.student_number[0]).toBe(
      'Not a student (“teacher” in the file): left out; staff accounts are made in Users management, not by a roster import',
    );
    const arabic = (await uploadRoster(t.app, staff, { name: 'staff.zip', content: zip }, 'dry_run', 'ar')).json().data;
    expect(arabic.rows.find((r: { row: number }) => r.row === 4).warnings.student_number[0]).toContain('«principal»');

    const done = await importFile(staff, { name: 'staff.zip', content: zip });
    expect(done.summary).toMatchObject({ create: 1, skipped: 2 });
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // One account: the student's; nobody's for the teacher or the principal.
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const result = await api('GET', `/api/roster/imports/${done.id}/result?format=csv`, undefined, staff);
    expect(result.body).toContain('Left out');
  });

  it('never erases what a student has when a later file leaves it out', async () => {
    await importFile(staff, {
      name: 'complete.csv',
      content: Buffer.from(
        csvOf([
          HEADER,
          row('STD-KEEP-1', {
            grade: 'Grade 5 R',
            class: '5A',
            gender: 'male',
            nationality: 'SA',
            national: 'NID-KEEP-1',
          }),
        ]),
      ),
    });
    const same = standardSet([['u-9', 'Pupil', 'STD-KEEP-1', 'STD-KEEP-1']]);
    // Everything the file has is as the student has it, and it takes nothing away: unchanged.
    const unchanged = (await uploadRoster(t.app, staff, { name: 'same.zip', content: same })).json().data;
    expect(unchanged.summary).toMatchObject({ unchanged: 1, update: 0, errors: 0, incomplete: 0 });
    const zip = standardSet([['u-9', 'Pupila', 'STD-KEEP-1', 'STD-KEEP-1']]);
    const dry = (await uploadRoster(t.app, staff, { name: 'again.zip', content: zip })).json().data;
    // The Latin name changes; what the file lacks stays as it is.
    expect(dry.summary).toMatchObject({ update: 1, errors: 0, incomplete: 0 });
    await importFile(staff, { name: 'again.zip', content: zip });
    const student = await t.db
      .selectFrom('students')
      .select(['name_en', 'name_ar', 'gender', 'nationality', 'is_complete', 'national_id', 'level_id'])
      .select(sql<string>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('born'))
      .where('student_number', '=', 'STD-KEEP-1')
      .executeTakeFirstOrThrow();
    // Nor what OneRoster has no place for: the date of birth (no demographics.csv), the national id.
    expect(student).toEqual({
      name_en: 'Pupila STD-KEEP-1',
      name_ar: 'تلميذ STD-KEEP-1',
      gender: 'male',
      nationality: 'SA',
      is_complete: true,
      national_id: 'NID-KEEP-1',
      level_id: null,
      born: '2016-03-04',
    });
  });

  it('still refuses a gender or nationality the file gives wrong, and a row that lacks its required columns', async () => {
    const response = await uploadRoster(t.app, staff, {
      name: 'bad.csv',
      content: Buffer.from(
        csvOf([
          HEADER,
          row('STD-BAD-1', { gender: 'x', nationality: 'ZZ' }),
          row('STD-BAD-2', { en: '', gender: '', nationality: '' }),
          row('STD-GAP-1', { ar: '', gender: '' }),
        ]),
      ),
    });
    const report = response.json().data;
    expect(report.summary).toMatchObject({ create: 1, errors: 2, incomplete: 1 });
    const byRow = new Map(report.rows.map((r: { row: number }) => [r.row, r]));
    expect(Object.keys((byRow.get(2) as { errors: object }).errors).sort()).toEqual(['gender', 'nationality']);
    expect(Object.keys((byRow.get(3) as { errors: object }).errors)).toEqual(['name_en']);
    expect(byRow.get(4)).toMatchObject({ status: 'create', errors: {} });
    expect(Object.keys((byRow.get(4) as { warnings: object }).warnings).sort()).toEqual(['gender', 'name_ar']);
  });

  it("reads a file's CEDS grade codes (KG, 01 to 13) through the code an administrator sets once on each grade", async () => {
    const grade5 = await api('GET', `/api/grades/${world.grade5.id}`);
    const body = { ...grade5.json().data, ceds_code: 'KG' };
    const refused = await api('PUT', `/api/grades/${world.grade5.id}`, { ...body, ceds_code: 'Y7' });
    expect(refused.statusCode).toBe(422);
    const set = await api('PUT', `/api/grades/${world.grade5.id}`, body);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.ceds_code).toBe('KG');
    // One grade of a platform per code: a second is refused on its field.
    const grade4 = (await api('GET', `/api/grades/${world.grade4.id}`)).json().data;
    const taken = await api('PUT', `/api/grades/${world.grade4.id}`, { ...grade4, ceds_code: 'KG' }, admin, 'ar');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ ceds_code: ['هذه القيمة مستخدمة من قبل'] });
    try {
      const kindergarten = standardSet([['u-30', 'Dana', 'Aziz', 'STD-KG-1']], 'KG');
      const dry = (await uploadRoster(t.app, staff, { name: 'kg.zip', content: kindergarten })).json().data;
      expect(dry.summary).toMatchObject({ create: 1, errors: 0 });
      // The dry run shows the mapping it read the file with, in the reader's language.
      expect(dry.grade_codes).toEqual([{ code: 'KG', grade: 'Grade 5 R' }]);
      const inArabic = await uploadRoster(t.app, staff, { name: 'kg.zip', content: kindergarten }, 'dry_run', 'ar');
      expect(inArabic.json().data.grade_codes).toEqual([{ code: 'KG', grade: 'الصف الخامس ر' }]);
      await importFile(staff, { name: 'kg.zip', content: kindergarten });
      const dana = await t.db
        .selectFrom('students')
        .select(['grade_id', 'school_class_id'])
        .where('student_number', '=', 'STD-KG-1')
        .executeTakeFirstOrThrow();
      expect(dana).toEqual({ grade_id: world.grade5.id, school_class_id: world.noor5.id });

      // A code no grade has, whose number names no grade without a code, is said as such, in both languages.
      const twelve = standardSet([['u-31', 'Fadi', 'Aziz', 'STD-KG-2']], '12');
      const refusedRow = (await uploadRoster(t.app, staff, { name: '12.zip', content: twelve })).json().data.rows[0];
      expect(refusedRow.errors.grade).toEqual([
        'No grade is set to the OneRoster grade code "12": an administrator sets each grade\'s code once, in Settings, Grades',
      ]);
      const arabic = await uploadRoster(t.app, staff, { name: '12.zip', content: twelve }, 'dry_run', 'ar');
      expect(arabic.json().data.rows[0].errors.grade[0]).toContain('«12»');
      expect(JSON.stringify(arabic.json().data)).not.toContain('#12');
      expect(arabic.json().data.grade_codes).toEqual([]);
    } finally {
      await t.db.updateTable('grades').set({ ceds_code: null }).where('id', '=', world.grade5.id).execute();
    }
  });
});
