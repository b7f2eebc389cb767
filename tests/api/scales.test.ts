import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { buildPlatform, buildRecord } from '../helpers/resource-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

/** A reporting scale per skill and platform (issue 42): its transformation's bounds, one per skill. */
let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let author: string;
beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
});
afterAll(() => t.close());

async function reading() {
  const platform = await buildPlatform(t.db, 'IRA');
  const skill = await buildRecord(t.db, registry, registry.get('skills')!, platform, { name_en: 'Reading' });
  return {
    platform,
    skill,
    body: { platform_id: platform.id, skill_id: skill.id, name_en: 'Reading scale', name_ar: 'مقياس القراءة' },
  };
}

describe('/api/scales', () => {
  it('keeps a scale with its transformation, 200 + 10 × logit unless told, one per skill on a platform', async () => {
    const { platform, skill, body } = await reading();
    const created = await call(t.app, 'POST', '/api/scales', body, { cookie: admin });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ skill_id: skill.id, score_origin: 200, score_unit: 10 });
    const again = await call(
      t.app,
      'POST',
      '/api/scales',
      { ...body, name_en: 'Another', score_origin: 500, score_unit: 100 },
      {
        cookie: admin,
        lang: 'ar',
      },
    );
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['skill_id']);
    // Another platform's skill of the same name has a scale of its own.
    const other = await reading();
    const second = await call(
      t.app,
      'POST',
      '/api/scales',
      { ...other.body, score_origin: 500, score_unit: 100 },
      { cookie: admin },
    );
    expect(second.statusCode, second.body).toBe(201);
    const rows = await t.db.selectFrom('scales').select(['platform_id']).execute();
    expect(rows.map((row) => row.platform_id).sort()).toEqual([platform.id, other.platform.id].sort());
  });

  it('refuses a transformation out of bounds in the reader’s language, and changes nothing', async () => {
    const { body } = await reading();
    for (const [field, value] of [
      ['score_unit', 0],
      ['score_unit', 101],
      ['score_origin', -1],
      ['score_origin', 'two hundred'],
    ] as const) {
      const refused = await call(
        t.app,
        'POST',
        '/api/scales',
        { ...body, score_origin: 200, score_unit: 10, [field]: value },
        {
          cookie: admin,
          lang: 'ar',
        },
      );
      expect(refused.statusCode, `${field} ${value}`).toBe(422);
      expect(Object.keys(refused.json().errors), `${field} ${value}`).toEqual([field]);
      expect(refused.json().errors[field][0]).toMatch(/[\u0600-\u06ff]/);
    }
    const missingSkill = await call(
      t.app,
      'POST',
      '/api/scales',
      { ...body, skill_id: undefined, score_origin: 200, score_unit: 10 },
      {
        cookie: admin,
      },
    );
    expect(missingSkill.statusCode).toBe(422);
    expect(
      await t.db
        .selectFrom('scales')
        .select('id')
        .where('name_en', '=', body.name_en)
        .where('skill_id', '=', body.skill_id)
        .execute(),
    ).toEqual([]);
  });

  it('lets an author read the scales and not change them', async () => {
    const { body } = await reading();
    expect((await call(t.app, 'GET', '/api/scales', undefined, { cookie: author })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/scales', { ...body, score_origin: 200, score_unit: 10 }, { cookie: author }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/scales')).statusCode).toBe(401);
  });
});
