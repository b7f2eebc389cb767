import { describe, expect, it } from 'vitest';
import students from '../../schemas/students';
import { accessPermissions } from '../../src/common/permission-catalog';
import { ROLES } from '../../src/common/permissions';
import { ACCOMMODATE } from '../../src/server/roster/accommodations';
import { buildUser, signIn } from '../helpers/factories';
import { admin, api, HEADER, importFile, row, staff, t, useRosterWorld, world } from '../helpers/roster-world';
import { csvOf, uploadRoster } from '../helpers/roster-files';

/**
 * Accommodations (issue 39): a school staff import set a student's extra time to 100% with no reason.
 * Giving or changing extra time takes a permission of its own (administrators; school staff when an
 * administrator grants it to their role), always with its reason, on the form and through imports;
 * each change is audited with before and after.
 */
useRosterWorld();

const file = (name: string, rows: string[][]) => ({ name, content: Buffer.from(csvOf([HEADER, ...rows])) });

async function dryRunErrors(cookie: string, rows: string[][], lang: 'en' | 'ar' = 'en') {
  const response = await uploadRoster(t.app, cookie, file('dry.csv', rows), 'dry_run', lang);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  return { summary: data.summary, errors: (data.rows ?? []).map((r: { errors: unknown }) => r.errors) };
}

const studentNamed = (number: string) =>
  t.db
    .selectFrom('students')
    .select(['id', 'extra_time_percent', 'extra_time_minutes', 'extra_time_reason', 'school_class_id'])
    .where('student_number', '=', number)
    .executeTakeFirstOrThrow();

const auditOf = async (id: number) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('target', '=', `students/${id}`)
      .orderBy('id')
      .execute()
  ).map((r) => ({ action: r.action, summary: typeof r.summary === 'string' ? JSON.parse(r.summary) : r.summary }));

/** School staff of Noor whose role an administrator let grant accommodations. */
async function grantedStaff() {
  const role = await t.db
    .insertInto('roles')
    .values({ role: 'com.ltm.roles.test-accommodating-staff', name: 'Staff (accommodations)', name_ar: 'موظف' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const granted = await t.db
    .selectFrom('role_permissions as rp')
    .innerJoin('roles as r', 'r.id', 'rp.role_id')
    .select('rp.permission_id')
    .where('r.role', '=', ROLES.school)
    .execute();
  const permission = await t.db
    .selectFrom('permissions')
    .select('id')
    .where('permission', '=', ACCOMMODATE)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('role_permissions')
    .values(
      [...granted.map((g) => g.permission_id), permission.id].map((id) => ({ role_id: role.id, permission_id: id })),
    )
    .execute();
  const user = await buildUser(t.db, { role: 'com.ltm.roles.test-accommodating-staff' });
  const { id } = await t.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
  await t.db.insertInto('user_schools').values({ user_id: id, school_id: world.noor.id }).execute();
  return signIn(t.app, user);
}

describe('accommodations', () => {
  it('is a permission school staff do not hold by default, and administrators do', async () => {
    const holders = await t.db
      .selectFrom('role_permissions as rp')
      .innerJoin('roles as r', 'r.id', 'rp.role_id')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select('r.role')
      .where('p.permission', '=', ACCOMMODATE)
      .execute();
    expect(holders.map((h) => h.role)).toEqual([ROLES.admin]);
    // The declaration's fields name the same permission: the console disables them for the others.
    for (const field of ['extra_time_percent', 'extra_time_minutes', 'extra_time_reason'] as const)
      expect(accessPermissions(students.fields[field].editableWith ?? []), field).toEqual([ACCOMMODATE]);
  });

  it("refuses a school staff import that gives or changes extra time, in the reader's language, and keeps a blank cell's", async () => {
    await importFile(admin, file('a.csv', [row('ACC-1', { extra: '25', reason: 'Dyslexia' }), row('ACC-2')]));
    const given = await dryRunErrors(staff, [row('ACC-2', { extra: '100' })]);
    expect(given.summary).toMatchObject({ errors: 1 });
    expect(given.errors[0].extra_time_percent).toEqual([
      'Only those allowed to grant accommodations may give or change a student’s extra time: ask an administrator',
    ]);
    const arabic = await dryRunErrors(staff, [row('ACC-1', { extra: '0' })], 'ar');
    expect(arabic.errors[0].extra_time_percent[0]).toContain('الوقت الإضافي');
    expect((await dryRunErrors(staff, [row('ACC-9', { extra: '10', reason: 'x' })])).summary).toMatchObject({
      errors: 1,
    });
    // A blank cell (or the same value) keeps the student's extra time and its reason: the import goes through.
    const kept = await importFile(
      staff,
      file('b.csv', [row('ACC-1', { extra: '', en: 'Renamed pupil' }), row('ACC-2', { extra: '' })]),
    );
    expect(kept.summary).toMatchObject({ update: 1, unchanged: 1, errors: 0 });
    expect(await studentNamed('ACC-1')).toMatchObject({ extra_time_percent: 25, extra_time_reason: 'Dyslexia' });
    const same = await importFile(staff, file('c.csv', [row('ACC-1', { extra: '25', en: 'Renamed pupil' })]));
    expect(same.summary).toMatchObject({ unchanged: 1 });
  });

  it('requires the reason of extra time from an administrator too, and audits the change with before and after', async () => {
    const missing = await dryRunErrors(admin, [row('ACC-2', { extra: '50' })]);
    expect(missing.errors[0].extra_time_reason).toEqual(['Give the reason for the extra time']);
    const done = await importFile(admin, file('d.csv', [row('ACC-2', { extra: '50', reason: 'Visual impairment' })]));
    expect(done.summary).toMatchObject({ update: 1 });
    const student = await studentNamed('ACC-2');
    expect(student).toMatchObject({ extra_time_percent: 50, extra_time_reason: 'Visual impairment' });
    expect((await auditOf(student.id)).at(-1)).toMatchObject({
      action: 'students.update',
      summary: {
        before: { extra_time_percent: 0, extra_time_reason: null },
        after: { extra_time_percent: 50, extra_time_reason: 'Visual impairment' },
      },
    });
  });

  it('lets school staff give extra time once an administrator grants it to their role', async () => {
    const granted = await grantedStaff();
    const done = await importFile(granted, file('e.csv', [row('ACC-3', { extra: '20', reason: 'Broken arm' })]));
    expect(done.summary).toMatchObject({ create: 1 });
    expect(await studentNamed('ACC-3')).toMatchObject({ extra_time_percent: 20, extra_time_reason: 'Broken arm' });
  });

  it('refuses the student form the same way (403 on the field), requires the reason (422), and audits class changes', async () => {
    const student = await studentNamed('ACC-1');
    const read = await api('GET', `/api/students/${student.id}`, undefined, staff);
    const record = read.json().data;
    const put = (body: Record<string, unknown>, cookie = staff, lang: 'en' | 'ar' = 'en') =>
      api('PUT', `/api/students/${student.id}`, { ...record, ...body }, cookie, lang);

    const more = await put({ extra_time_minutes: 30 });
    expect(more.statusCode, more.body).toBe(403);
    expect(more.json().errors.extra_time_percent[0]).toContain('grant accommodations');
    const reason = await put({ extra_time_reason: 'Another reason' }, staff, 'ar');
    expect(reason.statusCode).toBe(403);
    expect(reason.json().message).toContain('الوقت الإضافي');
    const created = await api(
      'POST',
      '/api/students',
      { ...record, id: undefined, student_number: 'ACC-NEW', extra_time_percent: 10, extra_time_reason: 'x' },
      staff,
    );
    expect(created.statusCode).toBe(403);
    expect(await studentNamed('ACC-1')).toMatchObject({ extra_time_minutes: 0, extra_time_reason: 'Dyslexia' });

    // The staff's own change (another class) goes through with the extra time as it was, and is audited.
    const moved = await put({ school_class_id: world.noor5.id, grade_id: world.grade5.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await auditOf(student.id)).at(-1)).toMatchObject({
      action: 'students.update',
      summary: {
        before: { school_class_id: world.noor4.id, grade_id: world.grade4.id },
        after: { school_class_id: world.noor5.id, grade_id: world.grade5.id },
      },
    });

    const noReason = await put({ extra_time_minutes: 30, extra_time_reason: '' }, admin);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.extra_time_reason).toContain('Give the reason for the extra time');
    const given = await put({ extra_time_minutes: 30, extra_time_reason: 'Dyslexia, and tires quickly' }, admin);
    expect(given.statusCode, given.body).toBe(200);
    expect((await auditOf(student.id)).at(-1)).toMatchObject({
      summary: {
        before: { extra_time_minutes: 0, extra_time_reason: 'Dyslexia' },
        after: { extra_time_minutes: 30, extra_time_reason: 'Dyslexia, and tires quickly' },
      },
    });
  });
});
