import { describe, expect, it } from 'vitest';
import { admin, api, importFile, staff, t, useRosterWorld, world } from '../helpers/roster-world';
import { runRosterImport } from '../../src/server/roster';
import { makeClasses, NewClasses } from '../../src/server/roster/roster-new-classes';
import { uploadRoster, zipOf } from '../helpers/roster-files';
import { standardFiles, standardSet } from '../helpers/oneroster-files';
import { buildUserWithPermissions, signIn } from '../helpers/factories';
import { AREAS } from '../../src/common/permission-catalog';
import { permissionFor } from '../../src/common/permissions';

useRosterWorld();

const MAKE = { create_classes: 'true' };
const classesNamed = (name: string) =>
  t.db
    .selectFrom('school_classes')
    .select(['id', 'school_id', 'grade_id', 'name_ar'])
    .where('name_en', '=', name)
    .execute();

describe('a roster that names classes the school lacks (issue 40)', () => {
  it('refuses them as unknown unless asked, and makes each once, in its school and grade, when asked', async () => {
    const zip = standardSet(
      [
        ['n-1', 'Badr', 'Ali', 'NEW-CL-1'],
        ['n-2', 'Jude', 'Ali', 'NEW-CL-2'],
      ],
      '05',
      '5B',
    );
    const plain = (await uploadRoster(t.app, staff, { name: 'new.zip', content: zip })).json().data;
    expect(plain.summary).toMatchObject({ errors: 2, new_classes: 0 });
    expect(plain.rows[0].errors.class[0]).toContain('5B');

    const dry = (await uploadRoster(t.app, staff, { name: 'new.zip', content: zip }, 'dry_run', 'en', MAKE)).json()
      .data;
    expect(dry.create_classes).toBe(true);
    expect(dry.summary).toMatchObject({ create: 2, errors: 0, new_classes: 1, incomplete: 2 });
    expect(dry.rows[0].warnings.class).toEqual(['The school has no class "5B" in this grade: the import makes it']);
    const arabic = (await uploadRoster(t.app, staff, { name: 'new.zip', content: zip }, 'dry_run', 'ar', MAKE)).json()
      .data;
    expect(arabic.rows[0].warnings.class[0]).toContain('سيُنشئها الاستيراد');
    // A dry run makes nothing.
    expect(await classesNamed('5B')).toEqual([]);

    const done = await importFile(staff, { name: 'new.zip', content: zip }, MAKE);
    expect(done.summary).toMatchObject({ create: 2, new_classes: 1 });
    const made = await classesNamed('5B');
    expect(made).toEqual([{ id: made[0].id, school_id: world.noor.id, grade_id: world.grade5.id, name_ar: '5B' }]);
    const joined = await t.db
      .selectFrom('students')
      .select('school_class_id')
      .where('student_number', 'in', ['NEW-CL-1', 'NEW-CL-2'])
      .execute();
    expect(joined).toEqual([{ school_class_id: made[0].id }, { school_class_id: made[0].id }]);
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'school_id'])
      .where('target', '=', `school-classes/${made[0].id}`)
      .execute();
    expect(audited).toEqual([
      { action: 'school-classes.create', target: `school-classes/${made[0].id}`, school_id: world.noor.id },
    ]);

    // The same file again finds the class: nothing more is made.
    const again = (await uploadRoster(t.app, staff, { name: 'new.zip', content: zip }, 'dry_run', 'en', MAKE)).json()
      .data;
    expect(again.summary).toMatchObject({ unchanged: 2, new_classes: 0 });
  });

  it("keeps a file's class that spans grades as a class per grade, noted on each row, and names the grade it lacks", async () => {
    const files = standardFiles(
      [
        ['m-1', 'Rami', 'Saad', 'MIX-1'],
        ['m-2', 'Lina', 'Saad', 'MIX-2'],
        ['m-3', 'Nour', 'Saad', 'MIX-3'],
      ],
      '05',
      'Mixed',
    );
    // The class spans grades 04 and 05; Rami is in 04, Lina in 05, and Nour's user has no grade.
    files['classes.csv'] = files['classes.csv'].replace(',Mixed,05,', ',Mixed,"04,05",');
    files['users.csv'] = files['users.csv']
      .replace(',MIX-1,,,,,05,', ',MIX-1,,,,,04,')
      .replace(',MIX-3,,,,,05,', ',MIX-3,,,,,,');
    const zip = zipOf(files);
    const dry = (await uploadRoster(t.app, staff, { name: 'mixed.zip', content: zip }, 'dry_run', 'en', MAKE)).json()
      .data;
    expect(dry.summary).toMatchObject({ create: 2, errors: 1, new_classes: 2 });
    const spans =
      'The file\'s class "Mixed" spans grades 04, 05: a class here is within one grade, so the student joins "Mixed" of their own grade';
    expect(dry.rows[0].warnings.class).toEqual([
      spans,
      'The school has no class "Mixed" in this grade: the import makes it',
    ]);
    expect(dry.rows[1].warnings.class[0]).toBe(spans);
    expect(dry.rows[2].status).toBe('error');
    expect(dry.rows[2].errors).toEqual({
      grade: [
        'The file\'s class "Mixed" spans grades 04, 05 and the file gives no grade for this student: give it in users.csv (grades)',
      ],
    });
    const arabic = (await uploadRoster(t.app, staff, { name: 'mixed.zip', content: zip }, 'dry_run', 'ar', MAKE)).json()
      .data;
    expect(arabic.rows[0].warnings.class[0]).toBe(
      'الشعبة «Mixed» في الملف تضم الصفوف 04, 05: الشعبة هنا ضمن صف واحد، فينضم الطالب إلى «Mixed» في صفه هو',
    );
    expect(arabic.rows[2].errors.grade[0]).toContain('ولا يذكر الملف صف هذا الطالب');

    // A student whose grade is none of the class's is refused, not placed in a class of that grade.
    const outside = { ...files, 'users.csv': files['users.csv'].replace(',MIX-3,,,,,,', ',MIX-3,,,,,07,') };
    const refused = (
      await uploadRoster(t.app, staff, { name: 'outside.zip', content: zipOf(outside) }, 'dry_run', 'en', MAKE)
    ).json().data;
    expect(refused.rows[2].errors.grade[0]).toBe(
      'The student\'s grade 07 is not one of the grades of the file\'s class "Mixed" (04, 05)',
    );
    expect(refused.summary).toMatchObject({ errors: 1, new_classes: 2 });

    // Without the student who has no grade, the import makes "Mixed" once in each grade.
    files['users.csv'] = files['users.csv']
      .split('\n')
      .filter((line) => !line.includes('MIX-3'))
      .join('\n');
    const done = await importFile(staff, { name: 'mixed.zip', content: zipOf(files) }, MAKE);
    expect(done.summary).toMatchObject({ create: 2, new_classes: 2 });
    const made = await classesNamed('Mixed');
    expect(made.map((c) => c.grade_id).sort()).toEqual([world.grade4.id, world.grade5.id].sort());
    const placed = await t.db
      .selectFrom('students')
      .innerJoin('school_classes', 'school_classes.id', 'students.school_class_id')
      .select(['student_number', 'students.grade_id', 'school_classes.grade_id as class_grade'])
      .where('student_number', 'in', ['MIX-1', 'MIX-2'])
      .orderBy('student_number')
      .execute();
    expect(placed).toEqual([
      { student_number: 'MIX-1', grade_id: world.grade4.id, class_grade: world.grade4.id },
      { student_number: 'MIX-2', grade_id: world.grade5.id, class_grade: world.grade5.id },
    ]);
  });

  it('makes a class once when two imports that both planned it run at the same time', async () => {
    const planned = new NewClasses();
    planned.plan(world.noor.id, world.grade5.id, '5Race');
    const both = await Promise.all(
      [0, 1].map(() => t.db.transaction().execute((trx) => makeClasses(trx, planned.list()))),
    );
    const made = await classesNamed('5Race');
    expect(made).toHaveLength(1);
    expect(both.map((ids) => [...ids.values()])).toEqual([[made[0].id], [made[0].id]]);
    // And a plan that names it the way a file writes it ("5race ") joins it too.
    const again = new NewClasses();
    const key = again.plan(world.noor.id, world.grade5.id, ' 5race ');
    const ids = await t.db.transaction().execute((trx) => makeClasses(trx, again.list()));
    expect(ids.get(key)).toBe(made[0].id);
    expect(await classesNamed('5Race')).toHaveLength(1);
  });

  it("never makes a class in a school outside the importer's, and never a school", async () => {
    const files = standardFiles([['n-9', 'Out', 'Side', 'NEW-CL-9']], '04', '4Z');
    files['orgs.csv'] = files['orgs.csv'].replace('Roster Noor School', 'Roster Amal School');
    const dry = (
      await uploadRoster(t.app, staff, { name: 'amal.zip', content: zipOf(files) }, 'dry_run', 'en', MAKE)
    ).json().data;
    expect(dry.summary).toMatchObject({ errors: 1, new_classes: 0 });
    expect(Object.keys(dry.rows[0].errors)).toEqual(['school']);
    const unknown = standardFiles([['n-8', 'No', 'Where', 'NEW-CL-8']], '04', '4Z');
    unknown['orgs.csv'] = unknown['orgs.csv'].replace('Roster Noor School', 'Roster Nowhere School');
    const asAdmin = (
      await uploadRoster(t.app, admin, { name: 'nowhere.zip', content: zipOf(unknown) }, 'dry_run', 'en', MAKE)
    ).json().data;
    expect(asAdmin.summary).toMatchObject({ errors: 1, new_classes: 0 });
    expect(asAdmin.rows[0].errors.school[0]).toContain('Roster Nowhere School');
    expect(await classesNamed('4Z')).toEqual([]);
  });

  it('refuses to make classes for whoever may not make them (403), and a create_classes that is not a yes or no (422)', async () => {
    const importer = await buildUserWithPermissions(t.db, [
      permissionFor(AREAS.rosters, 'create'),
      permissionFor(AREAS.rosters, 'view'),
    ]);
    const cookie = await signIn(t.app, importer);
    const zip = standardSet([['n-7', 'May', 'Not', 'NEW-CL-7']], '05', '5C');
    for (const lang of ['en', 'ar'] as const) {
      const refused = await uploadRoster(t.app, cookie, { name: 'n.zip', content: zip }, 'dry_run', lang, MAKE);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toContain(lang === 'en' ? 'You may not make classes' : 'لا يحق لك إنشاء الشُّعب');
    }
    const bad = await uploadRoster(t.app, staff, { name: 'n.zip', content: zip }, 'dry_run', 'en', {
      create_classes: 'maybe',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.create_classes).toEqual(['create_classes is true or false']);
    expect(await classesNamed('5C')).toEqual([]);
    const imports = await api('GET', '/api/students?filter[school_id]=' + world.noor.id, undefined, staff);
    expect(imports.statusCode).toBe(200);
  });

  it('keeps "a class of another grade" an error, and refuses a class name longer than a class may have', async () => {
    const otherGrade = standardSet([['n-5', 'Other', 'Grade', 'NEW-CL-5']], '04', '5A');
    const dry = (await uploadRoster(t.app, staff, { name: 'g.zip', content: otherGrade }, 'dry_run', 'en', MAKE)).json()
      .data;
    expect(dry.summary).toMatchObject({ errors: 1, new_classes: 0 });
    expect(dry.rows[0].errors.class[0]).toContain('another grade');
    expect((await classesNamed('5A')).map((c) => c.grade_id)).toEqual([world.grade5.id]);

    const long = standardSet([['n-6', 'Long', 'Name', 'NEW-CL-6']], '05', 'L'.repeat(300));
    const refused = (await uploadRoster(t.app, staff, { name: 'l.zip', content: long }, 'dry_run', 'en', MAKE)).json()
      .data;
    expect(refused.summary).toMatchObject({ errors: 1, new_classes: 0 });
    expect(refused.rows[0].errors.class).toEqual(['At most 255 characters']);
  });

  it('asks again when the job runs: a right withdrawn since the dry run makes nothing, and the rows wait for the end', async () => {
    const user = await buildUserWithPermissions(t.db, [
      permissionFor(AREAS.rosters, 'create'),
      permissionFor(AREAS.rosters, 'view'),
      permissionFor('school-classes', 'create'),
    ]);
    const { id: userId } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_schools').values({ user_id: userId, school_id: world.noor.id }).execute();
    const cookie = await signIn(t.app, user);
    const zip = standardSet([['n-4', 'Late', 'Right', 'NEW-CL-4']], '05', '5D');
    const queued = await uploadRoster(t.app, cookie, { name: 'late.zip', content: zip }, 'import', 'en', MAKE);
    expect(queued.statusCode, queued.body).toBe(202);
    const id = queued.json().data.id;
    // While it waits (and runs), its reader is not sent every row at each poll.
    const waiting = await api('GET', `/api/roster/imports/${id}`, undefined, cookie);
    expect(waiting.json().data).toMatchObject({ status: 'queued', rows: [] });

    const withdrawn = await t.db
      .selectFrom('user_roles as ur')
      .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select(['rp.role_id', 'rp.permission_id'])
      .where('ur.user_id', '=', userId)
      .where('p.permission', '=', permissionFor('school-classes', 'create'))
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('role_permissions')
      .where('role_id', '=', withdrawn.role_id)
      .where('permission_id', '=', withdrawn.permission_id)
      .execute();
    await runRosterImport(t.db, id);
    const failed = (await api('GET', `/api/roster/imports/${id}`, undefined, cookie)).json().data;
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('changed since the dry run');
    expect(failed.rows[0].errors.class[0]).toContain('5D');
    expect(await classesNamed('5D')).toEqual([]);
  });
});
