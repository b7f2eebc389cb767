import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { buildPlatform, buildRecord } from '../helpers/resource-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

/** Cut scores of a reporting scale per grade (issue 42): rising, one set per scale and grade. */
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

async function gradeFive() {
  const platform = await buildPlatform(t.db, 'IRA');
  const skill = await buildRecord(t.db, registry, registry.get('skills')!, platform);
  const grade = await buildRecord(t.db, registry, registry.get('grades')!, platform);
  const scale = await buildRecord(t.db, registry, registry.get('scales')!, platform, { skill_id: skill.id });
  return {
    grade,
    body: {
      platform_id: platform.id,
      scale_id: scale.id,
      grade_id: grade.id,
      name_en: 'Grade 5 reading',
      name_ar: 'القراءة، الصف الخامس',
      approaching_from: 190,
      meeting_from: 200,
      exceeding_from: 212,
    },
  };
}

describe('/api/scale-cuts', () => {
  it('keeps one rising set of cuts per scale and grade, set by an administrator', async () => {
    const { body } = await gradeFive();
    const created = await call(t.app, 'POST', '/api/scale-cuts', body, { cookie: admin });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ approaching_from: 190, meeting_from: 200, exceeding_from: 212 });
    const again = await call(t.app, 'POST', '/api/scale-cuts', body, { cookie: admin });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['scale_id']);
  });

  it('refuses cuts out of order, in the reader’s language, and keeps nothing', async () => {
    const { body } = await gradeFive();
    const refused = await call(
      t.app,
      'POST',
      '/api/scale-cuts',
      { ...body, meeting_from: 185, exceeding_from: 185 },
      { cookie: admin, lang: 'ar' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      meeting_from: ['يجب أن تكون كل درجة قطع أعلى من التي قبلها: يقترب، ثم يحقق، ثم يتجاوز.'],
      exceeding_from: ['يجب أن تكون كل درجة قطع أعلى من التي قبلها: يقترب، ثم يحقق، ثم يتجاوز.'],
    });
    const kept = await t.db.selectFrom('scale_cuts').select('id').where('scale_id', '=', body.scale_id).execute();
    expect(kept).toEqual([]);
  });

  it('lets an author read the cuts but not set them, and nobody without a session', async () => {
    const { body } = await gradeFive();
    expect((await call(t.app, 'GET', '/api/scale-cuts')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/scale-cuts', body)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/scale-cuts', body, { cookie: author })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/scale-cuts', undefined, { cookie: author })).statusCode).toBe(200);
  });
});
