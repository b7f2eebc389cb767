import { describe, expect, it } from 'vitest';
import { admin, api, registry, staff, t, useRosterWorld, world } from '../helpers/roster-world';
import { buildUser, signIn } from '../helpers/factories';
import { buildPlatform, buildRecord } from '../helpers/resource-factory';
import { ROLES } from '../../src/common/permissions';

useRosterWorld();

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
    // Named for the console's preview (issue 41): the school, the grade and the next one, in both languages.
    const named = preview.json().data.classes.find((c: { class_id: number }) => c.class_id === c8.id);
    expect(named.school).toEqual({ name_en: school.name_en, name_ar: school.name_ar });
    expect(named.grade).toEqual({ name_en: g8.name_en, name_ar: g8.name_ar });
    expect(named.next_grade).toEqual({ name_en: g9.name_en, name_ar: g9.name_ar });
    expect(preview.json().data.classes.find((c: { class_id: number }) => c.class_id === c9.id).next_grade).toBeNull();
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
    // A second click: refused, in the request's language, and nothing moves.
    const twice = await api('POST', '/api/roster/rollover', { school_id: school.id, apply: true }, admin, 'ar');
    expect(twice.statusCode, twice.body).toBe(418);
    expect(twice.json().message).toContain('مدرسة الترفيع');
    const still = await t.db
      .selectFrom('students')
      .select(['id', 'school_class_id', 'grade_id'])
      .where('id', '=', young)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ id: young, school_class_id: c9.id, grade_id: g9.id });
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
