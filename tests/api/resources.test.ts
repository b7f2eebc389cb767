import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import type { ResourceDefinition } from '../../schemas/vocabulary';
import { permissionFor, ROLES } from '../../src/common/permissions';
import { AREAS, listPermissions } from '../../src/common/permission-catalog';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildUser, buildUserWithPermissions, signIn } from '../helpers/factories';
import { buildPlatform, buildRecord, validBody } from '../helpers/resource-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let registry: SchemaRegistry;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
});
afterAll(() => t.close());

const resources = () => registryForDescribe.all().filter((d) => d.name !== 'platforms' && !d.customRoutes);
// describe.each needs the list at collection time; loading the schema files is cheap.
const registryForDescribe = await loadSchemaRegistry();

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  lang: 'en' | 'ar' = 'en',
  cookie = admin,
) => call(t.app, method, url, body, { cookie, lang });

describe.each(resources().map((d) => [d.name, d] as [string, ResourceDefinition]))('/api/%s', (name, definition) => {
  const url = `/api/${name}`;

  it('creates, reads, updates and deletes a record, with name copied from name_en', async () => {
    const platform = await buildPlatform(t.db, 'IRA');
    const body = await validBody(t.db, registry, definition, platform);
    const created = await api('POST', url, body);
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json().data;
    for (const [field, value] of Object.entries(body)) expect(record[field], field).toEqual(value);
    if (definition.nameFromNameEn) expect(record.name).toBe(body.name_en);
    if (definition.platformScoped) expect(record.platform).toMatchObject({ id: platform.id, identifier: 'IRA' });
    for (const [field, spec] of Object.entries(definition.fields)) {
      if (spec.type === 'reference' && body[field])
        expect(record[field.replace(/_id$/, '')]).toMatchObject({ id: body[field] });
    }

    const read = await api('GET', `${url}/${record.id}`);
    expect(read.json().data.id).toBe(record.id);

    // The console sends back what it read: read-only keys and related objects are accepted and ignored.
    const edited = { ...read.json().data, name_en: 'Renamed', name_ar: 'معدّل' };
    const updated = await api('PUT', `${url}/${record.id}`, edited);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name_en: 'Renamed',
      name_ar: 'معدّل',
      ...(definition.nameFromNameEn ? { name: 'Renamed' } : {}),
    });

    expect((await api('DELETE', `${url}/${record.id}`)).statusCode).toBe(200);
    expect((await api('GET', `${url}/${record.id}`)).statusCode).toBe(404);
  });

  it('lists with pagination meta, sort, order, search and filters', async () => {
    const platform = await buildPlatform(t.db, 'IRA');
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await buildRecord(t.db, registry, definition, platform, { name_en: `Item ${i} zeta${i}` }));
    const scope = definition.platformScoped
      ? `platform_id=${platform.id}&`
      : `filter[id]=${made.map((m) => m.id).join(',')}&`;

    const page1 = await api('GET', `${url}?${scope}per_page=2&page=1&sort=id&order=desc`);
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().data.map((r: { id: number }) => r.id)).toEqual([made[2].id, made[1].id]);
    expect(page1.json().meta).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: 2,
      total: 3,
      next_page: 2,
      previous_page: null,
      pages: [1, 2],
    });
    const page2 = await api('GET', `${url}?${scope}per_page=2&page=2&sort=id&order=desc`);
    expect(page2.json().data.map((r: { id: number }) => r.id)).toEqual([made[0].id]);
    expect(page2.json().meta).toMatchObject({ current_page: 2, next_page: null, previous_page: 1 });

    const byName = await api('GET', `${url}?${scope}sort=name_en&order=asc`);
    expect(byName.json().data.map((r: { name_en: string }) => r.name_en)).toEqual([
      'Item 0 zeta0',
      'Item 1 zeta1',
      'Item 2 zeta2',
    ]);

    const searched = await api('GET', `${url}?${scope}search=ZETA1`);
    expect(searched.json().data.map((r: { id: number }) => r.id)).toEqual([made[1].id]);

    const filtered = await api('GET', `${url}?filter[id]=${made[0].id},${made[2].id}`);
    expect(filtered.json().data.map((r: { id: number }) => r.id)).toEqual([made[0].id, made[2].id]);
    expect(filtered.json().meta.total).toBe(2);
  });

  it('refuses an unknown sort column or filter field with 400, and an unknown platform with 422', async () => {
    const sort = await api('GET', `${url}?sort=password`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors.sort).toBeDefined();
    const filter = await api('GET', `${url}?filter[secret]=1`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors['filter[secret]']).toEqual(['This field is not allowed']);
    const badIds = await api('GET', `${url}?filter[id]=1,abc`);
    expect(badIds.statusCode).toBe(400);
    const platform = await api('GET', `${url}?platform_id=999999`, undefined, 'ar');
    expect(platform.statusCode).toBe(422);
    expect(platform.json().errors.platform_id).toEqual(['المنصة المحددة غير موجودة']);
  });

  it('gives the required-field messages in English and Arabic and stores nothing', async () => {
    const before = await api('GET', `${url}?per_page=1`);
    const en = await api('POST', url, {});
    expect(en.statusCode).toBe(422);
    const required = Object.entries(definition.fields)
      .filter(([, f]) => f.required && !f.platforms)
      .map(([n]) => n);
    for (const field of required) expect(en.json().errors[field], field).toEqual(['This field is required']);
    if (definition.platformScoped) expect(en.json().errors.platform_id).toEqual(['This field is required']);
    const ar = await api('POST', url, { name_en: '   ', name_ar: 'x'.repeat(300) }, 'ar');
    expect(ar.json().errors.name_en).toEqual(['هذا الحقل مطلوب']);
    expect(ar.json().errors.name_ar).toEqual(['يجب ألا يزيد عن 255 حرفًا']);
    const unknown = await api('POST', url, {
      ...(await validBody(t.db, registry, definition, await buildPlatform(t.db, 'IRA'))),
      is_admin: true,
    });
    expect(unknown.json().errors).toEqual({ is_admin: ['This field is not allowed'] });
    expect((await api('GET', `${url}?per_page=1`)).json().meta.total).toBe(before.json().meta.total);
  });

  it('answers 403 for each action without its permission', async () => {
    const platform = await buildPlatform(t.db, 'IRA');
    const record = await buildRecord(t.db, registry, definition, platform);
    const body = await validBody(t.db, registry, definition, platform);
    const nobody = await signIn(t.app, await buildUserWithPermissions(t.db, []));
    expect((await api('GET', url, undefined, 'en', nobody)).statusCode).toBe(403);
    expect((await api('GET', `${url}/${record.id}`, undefined, 'en', nobody)).statusCode).toBe(403);

    const viewer = await signIn(t.app, await buildUserWithPermissions(t.db, listPermissions(name)));
    expect((await api('GET', url, undefined, 'en', viewer)).statusCode).toBe(200);
    expect((await api('POST', url, body, 'en', viewer)).statusCode).toBe(403);
    expect((await api('PUT', `${url}/${record.id}`, body, 'en', viewer)).statusCode).toBe(403);
    expect((await api('DELETE', `${url}/${record.id}`, undefined, 'en', viewer)).statusCode).toBe(403);

    // A school's records are edited within the editor's schools: this editor may reach every school.
    const reach = definition.schoolScope ? listPermissions(AREAS.allSchools) : [];
    const editor = await signIn(t.app, await buildUserWithPermissions(t.db, [permissionFor(name, 'edit'), ...reach]));
    expect((await api('GET', url, undefined, 'en', editor)).statusCode).toBe(403);
    expect((await api('PUT', `${url}/${record.id}`, body, 'en', editor)).statusCode).toBe(200);
    expect((await api('DELETE', `${url}/${record.id}`, undefined, 'en', editor)).statusCode).toBe(403);
  });
});

const scoped = () =>
  resources()
    .filter((d) => d.platformScoped)
    .map((d) => [d.name, d] as [string, ResourceDefinition]);

describe.each(scoped())('platform scoping of /api/%s', (name, definition) => {
  const url = `/api/${name}`;

  it('keeps a record of platform A out of platform B', async () => {
    const a = await buildPlatform(t.db, 'IRA');
    const b = await buildPlatform(t.db, 'IRA');
    const record = await buildRecord(t.db, registry, definition, a);
    expect((await api('GET', `${url}?platform_id=${a.id}`)).json().data.map((r: { id: number }) => r.id)).toEqual([
      record.id,
    ]);
    expect((await api('GET', `${url}?platform_id=${b.id}`)).json().data).toEqual([]);
    expect((await api('GET', `${url}/${record.id}?platform_id=${b.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `${url}/${record.id}?platform_id=${b.id}`)).statusCode).toBe(404);
    const moved = await api('PUT', `${url}/${record.id}`, await validBody(t.db, registry, definition, b));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.platform_id).toEqual(['A record cannot be moved to another platform']);
  });
});

describe('references', () => {
  const referencing = () =>
    registryForDescribe.all().flatMap((owner) =>
      Object.entries(owner.fields)
        .filter(([, spec]) => spec.type === 'reference')
        .map(
          ([field, spec]) =>
            [`${owner.name}.${field} -> ${(spec as { resource: string }).resource}`, owner, field] as const,
        ),
    );

  it.each(referencing())(
    'refuses to delete a record still referenced (%s) with 409 and deletes nothing',
    async (_label, owner, field) => {
      const spec = owner.fields[field] as { resource: string };
      const target = registry.get(spec.resource)!;
      const identifier = owner.fields[field].platforms?.[0] ?? 'IRA';
      const platform = await buildPlatform(t.db, identifier);
      const referenced = await buildRecord(t.db, registry, target, platform);
      await buildRecord(t.db, registry, owner, platform, { [field]: referenced.id });
      const response = await api('DELETE', `/api/${target.name}/${referenced.id}`, undefined, 'ar');
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('لا يمكن حذف هذا السجل لأنه مستخدم في سجلات أخرى.');
      expect((await api('GET', `/api/${target.name}/${referenced.id}`)).statusCode).toBe(200);
    },
  );

  it('refuses a reference to a missing record or to a record of another platform', async () => {
    const lo = registry.get('learning-outcomes')!;
    const a = await buildPlatform(t.db, 'IRA');
    const b = await buildPlatform(t.db, 'IRA');
    const foreignSkill = await buildRecord(t.db, registry, registry.get('skills')!, b);
    const body = await validBody(t.db, registry, lo, a, { skill_id: foreignSkill.id, grade_id: 999999 });
    const response = await api('POST', '/api/learning-outcomes', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      skill_id: ['The selected item does not exist on this platform'],
      grade_id: ['The selected item does not exist on this platform'],
    });
  });
});

describe('learning outcomes by platform', () => {
  it('takes skill and grade on IRA and clears the level', async () => {
    const ira = await buildPlatform(t.db, 'IRA');
    const isaLevel = await buildRecord(t.db, registry, registry.get('levels')!, ira);
    const body = await validBody(t.db, registry, registry.get('learning-outcomes')!, ira, { level_id: isaLevel.id });
    const created = await api('POST', '/api/learning-outcomes', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      grade_id: body.grade_id,
      level_id: null,
      level: null,
      grade: { id: body.grade_id },
    });
    const missing = await api('POST', '/api/learning-outcomes', { ...body, grade_id: null });
    expect(missing.json().errors).toEqual({ grade_id: ['This field is required'] });
  });

  it('takes skill and level on ISA and clears the grade', async () => {
    const isa = await buildPlatform(t.db, 'ISA');
    const body = await validBody(t.db, registry, registry.get('learning-outcomes')!, isa);
    expect(body.grade_id).toBeUndefined();
    const created = await api('POST', '/api/learning-outcomes', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      grade_id: null,
      level: { id: body.level_id },
      skill: { id: body.skill_id },
    });
    const missing = await api('POST', '/api/learning-outcomes', { ...body, level_id: undefined }, 'ar');
    expect(missing.json().errors).toEqual({ level_id: ['هذا الحقل مطلوب'] });
  });
});

describe('/api/platforms', () => {
  it('creates and lists platforms with an IRA or ISA identifier, admin only by default', async () => {
    const created = await api('POST', '/api/platforms', {
      name_en: 'Reading 2027',
      name_ar: 'القراءة 2027',
      identifier: 'ISA',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Reading 2027',
      name_en: 'Reading 2027',
      name_ar: 'القراءة 2027',
      identifier: 'ISA',
    });
    const bad = await api('POST', '/api/platforms', { name_en: 'X', name_ar: 'س', identifier: 'XYZ' });
    expect(bad.json().errors).toEqual({ identifier: ['This value is not valid'] });
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    expect((await api('GET', '/api/platforms', undefined, 'en', author)).statusCode).toBe(200);
    const used = await buildPlatform(t.db, 'IRA');
    await buildRecord(t.db, registry, registry.get('skills')!, used);
    expect((await api('DELETE', `/api/platforms/${used.id}`)).statusCode).toBe(409);
    expect((await api('DELETE', `/api/platforms/${created.json().data.id}`)).statusCode).toBe(200);
    expect(
      (await api('POST', '/api/platforms', { name_en: 'Y', name_ar: 'ص', identifier: 'IRA' }, 'en', author)).statusCode,
    ).toBe(403);
  });

  it('keeps the attainment tier thresholds (defaults 50 and 80) and refuses Above Average below Within Average', async () => {
    const created = await api('POST', '/api/platforms', { name_en: 'Tiers', name_ar: 'مستويات', identifier: 'IRA' });
    expect(created.json().data).toMatchObject({ tier_within_from: 50, tier_above_from: 80 });
    const id = created.json().data.id;
    const body = { name_en: 'Tiers', name_ar: 'مستويات', identifier: 'IRA', tier_within_from: 60, tier_above_from: 55 };
    const refused = await api('PUT', `/api/platforms/${id}`, body, 'ar');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.tier_above_from[0]).toMatch(/فوق المتوسط/);
    expect((await api('GET', `/api/platforms/${id}`)).json().data.tier_within_from).toBe(50);
    const saved = await api('PUT', `/api/platforms/${id}`, { ...body, tier_above_from: 85.5 });
    expect(saved.json().data).toMatchObject({ tier_within_from: 60, tier_above_from: 85.5 });
  });
});

describe('school scoping: school staff read only their own schools and classes', () => {
  it('lists and reads only the linked schools, 404 for the others, nothing when linked to none', async () => {
    const platform = await buildPlatform(t.db, 'IRA');
    const schools = registry.get('schools')!;
    const classes = registry.get('school-classes')!;
    const own = await buildRecord(t.db, registry, schools, platform);
    const other = await buildRecord(t.db, registry, schools, platform);
    const grade = await buildRecord(t.db, registry, registry.get('grades')!, platform);
    const ownClass = await buildRecord(t.db, registry, classes, platform, { school_id: own.id, grade_id: grade.id });
    const otherClass = await buildRecord(t.db, registry, classes, platform, {
      school_id: other.id,
      grade_id: grade.id,
    });
    const staff = await buildUser(t.db, { role: ROLES.school });
    await t.db.insertInto('user_schools').values({ user_id: staff.id, school_id: own.id }).execute();
    const cookie = await signIn(t.app, staff);
    const ids = async (url: string, who = cookie) =>
      (await api('GET', `${url}?per_page=100`, undefined, 'en', who)).json().data.map((r: { id: number }) => r.id);
    expect(await ids('/api/schools')).toEqual([own.id]);
    expect((await api('GET', `/api/schools/${own.id}`, undefined, 'en', cookie)).statusCode).toBe(200);
    expect((await api('GET', `/api/schools/${other.id}`, undefined, 'en', cookie)).statusCode).toBe(404);
    expect(await ids('/api/school-classes')).toEqual([ownClass.id]);
    expect((await api('GET', `/api/school-classes/${otherClass.id}`, undefined, 'en', cookie)).statusCode).toBe(404);
    // The administrator sees both; a school user linked to no school sees none.
    expect(await ids('/api/schools', admin)).toEqual(expect.arrayContaining([own.id, other.id]));
    const unlinked = await signIn(t.app, await buildUser(t.db, { role: ROLES.school }));
    expect(await ids('/api/schools', unlinked)).toEqual([]);
  });

  it("keeps a school's staff to their own schools' students: list, read, create, update, delete", async () => {
    const platform = await buildPlatform(t.db, 'IRA');
    const students = registry.get('students')!;
    const own = await buildRecord(t.db, registry, registry.get('schools')!, platform);
    const other = await buildRecord(t.db, registry, registry.get('schools')!, platform);
    const grade = await buildRecord(t.db, registry, registry.get('grades')!, platform);
    const classOf = (school: { id: number }) =>
      buildRecord(t.db, registry, registry.get('school-classes')!, platform, {
        school_id: school.id,
        grade_id: grade.id,
      });
    const [ownClass, otherClass] = [await classOf(own), await classOf(other)];
    const place = (school: { id: number }, schoolClass: { id: number }) => ({
      school_id: school.id,
      school_class_id: schoolClass.id,
      grade_id: grade.id,
    });
    const none = { extra_time_percent: 0, extra_time_minutes: 0, extra_time_reason: null };
    const mine = await buildRecord(t.db, registry, students, platform, { ...place(own, ownClass), ...none });
    const theirs = await buildRecord(t.db, registry, students, platform, place(other, otherClass));
    const staff = await buildUserWithPermissions(t.db, [
      ...listPermissions('students'),
      permissionFor('students', 'create'),
      permissionFor('students', 'edit'),
      permissionFor('students', 'delete'),
    ]);
    await t.db.insertInto('user_schools').values({ user_id: staff.id, school_id: own.id }).execute();
    const cookie = await signIn(t.app, staff);
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      api(method, url, body, 'en', cookie);

    const listed = (await as('GET', '/api/students?per_page=100')).json().data.map((r: { id: number }) => r.id);
    expect(listed).toEqual([mine.id]);
    expect((await as('GET', `/api/students/${mine.id}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/students/${theirs.id}`)).statusCode).toBe(404);
    // Without extra time: giving it takes the accommodation permission (accommodations.test.ts).
    const body = { ...(await validBody(t.db, registry, students, platform, place(own, ownClass))), ...none };
    expect((await as('POST', '/api/students', body)).statusCode).toBe(201);
    const elsewhere = await as('POST', '/api/students', { ...body, ...place(other, otherClass) });
    expect(elsewhere.statusCode).toBe(422);
    expect(Object.keys(elsewhere.json().errors)).toContain('school_id');
    expect((await as('PUT', `/api/students/${theirs.id}`, body)).statusCode).toBe(404);
    const moved = await as('PUT', `/api/students/${mine.id}`, { ...body, ...place(other, otherClass) });
    expect(moved.statusCode).toBe(422);
    expect((await as('DELETE', `/api/students/${theirs.id}`)).statusCode).toBe(404);
    // Nothing of the other school changed; the staff member's own student can be removed.
    const kept = await t.db.selectFrom('students').select(['school_id']).where('id', '=', theirs.id).executeTakeFirst();
    expect(kept?.school_id).toBe(other.id);
    expect((await as('DELETE', `/api/students/${mine.id}`)).statusCode).toBe(200);
  });
});
