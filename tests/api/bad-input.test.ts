import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let cookie: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t.db, { role: ROLES.author, name: 'Original' });
  userId = user.id;
  cookie = await signIn(t.app, user);
});
afterAll(() => t.close());

const raw = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/change/information',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', ...headers },
    payload,
  });

async function expectUnchanged() {
  const row = await t.db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
  expect(row.name).toBe('Original');
}

describe('bad input', () => {
  it('answers malformed JSON with 400 {message, errors} in the request language', async () => {
    const en = await raw('{"name": "x",');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      message: 'The request body is not valid JSON.',
      errors: { body: ['The request body is not valid JSON.'] },
    });
    const ar = await raw('{nope', { 'accept-language': 'ar' });
    expect(ar.statusCode).toBe(400);
    expect(ar.json().message).toBe('محتوى الطلب ليس بصيغة JSON صالحة.');
    await expectUnchanged();
  });

  it('answers wrong types with 422 and a field error', async () => {
    const response = await call(t.app, 'PUT', '/api/user/change/information', { name: 42 }, { cookie });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The data you sent is not valid.',
      errors: { name: ['Name is required'] },
    });
    const list = await call(t.app, 'PUT', '/api/user/change/information', { name: ['a'] }, { cookie, lang: 'ar' });
    expect(list.json().errors.name).toEqual(['الاسم مطلوب']);
    await expectUnchanged();
  });

  it('answers unknown fields with 422 naming each field', async () => {
    const response = await call(
      t.app,
      'PUT',
      '/api/user/change/information',
      { name: 'New', is_admin: true },
      { cookie },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ is_admin: ['This field is not allowed'] });
    await expectUnchanged();
  });

  it('answers an oversized body with 400', async () => {
    const response = await raw(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is too large.');
    await expectUnchanged();
  });

  it('answers an overlong string with 422 and the limit', async () => {
    const response = await call(t.app, 'PUT', '/api/user/change/information', { name: 'x'.repeat(256) }, { cookie });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['Must be 255 characters or fewer'] });
    const ar = await call(
      t.app,
      'PUT',
      '/api/user/change/information',
      { name: 'x'.repeat(256) },
      { cookie, lang: 'ar' },
    );
    expect(ar.json().errors.name).toEqual(['يجب ألا يزيد عن 255 حرفًا']);
    await expectUnchanged();
  });

  it('answers a missing body, a non-object body and an unsupported type without a 500', async () => {
    for (const payload of ['', 'null', '[]', '"text"', '123']) {
      const response = await raw(payload);
      expect([400, 422], payload).toContain(response.statusCode);
      expect(response.json().message, payload).toBeTruthy();
    }
    const xml = await raw('<name>x</name>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe('This type of request body is not supported.');
    await expectUnchanged();
  });

  it('answers a bad query string with 400', async () => {
    const admin = await buildUser(t.db, { role: ROLES.admin });
    const adminCookie = await signIn(t.app, admin);
    for (const query of ['page=0', 'page=abc', 'per_page=1000', 'sort=password', 'order=sideways']) {
      const response = await call(t.app, 'GET', `/api/demo-requests?${query}`, undefined, { cookie: adminCookie });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors).length, query).toBeGreaterThan(0);
    }
  });
});

describe('values the database cannot take are refused at the edge (400/422, never 500)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  });
  const get = (url: string, lang: 'en' | 'ar' = 'en') => call(t.app, 'GET', url, undefined, { cookie: admin, lang });
  const post = (url: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload,
    });
  const count = async (table: 'schools' | 'questions') => (await t.db.selectFrom(table).select('id').execute()).length;

  it('refuses ids above 2^31 - 1 and non-digit ids in paths, queries and bodies', async () => {
    for (const url of [
      '/api/schools/99999999999',
      '/api/schools/1e3',
      '/api/schools/-1',
      '/api/schools/0',
      '/api/exams?platform_id=99999999999',
      '/api/schools?filter[id]=99999999999',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
    }
    const before = await count('schools');
    const body = await post('/api/exams/form', JSON.stringify({ platform_id: 99999999999 }));
    expect(body.statusCode).toBe(422);
    expect(await count('schools')).toBe(before);
  });

  it('refuses NUL bytes and lone surrogates in query strings (400) and bodies (422), in the request language', async () => {
    const search = await get('/api/schools?search=%00', 'ar');
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual({ search: ['يحتوي على أحرف غير مسموح بها'] });
    expect((await get('/api/schools?filter[name_en]=a%00b')).statusCode).toBe(400);
    const before = await count('questions');
    for (const text of ['\\u0000', '\\ud800', 'a\\udc00b']) {
      const response = await post('/api/questions-bank', `{"text":"${text}"}`);
      expect(response.statusCode, text).toBe(422);
      expect(response.json().errors).toEqual({ text: ['Contains characters that are not allowed'] });
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: '{"email":"a\\u0000@b.c","password":"x"}',
    });
    expect(login.statusCode).toBe(422);
    expect(await count('questions')).toBe(before);
  });

  it('checks each filter against its column type', async () => {
    for (const filter of [
      'filter[created_at]=abc',
      'filter[created_at]=99999999999',
      'filter[created_at]=2026-02-30',
      'filter[id]=abc',
      'filter[id]=1,,x',
    ]) {
      const response = await get(`/api/schools?${filter}`);
      expect(response.statusCode, filter).toBe(400);
      expect(Object.keys(response.json().errors), filter).toHaveLength(1);
    }
    expect((await get('/api/schools?filter[created_at]=2026-02-28')).statusCode).toBe(200);
  });

  it('refuses JSON nested deeper than the limit with 400 and changes nothing', async () => {
    const before = await count('questions');
    const deep = await post('/api/questions-bank', `{"text":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('The request body is nested too deeply.');
    expect(await count('questions')).toBe(before);
  });

  it('never coerces booleans or strings into numbers', async () => {
    const platform = await t.db
      .insertInto('platforms')
      .values({ name: 'P', name_en: 'P', name_ar: 'م', identifier: 'IRA' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const skills = async () => (await t.db.selectFrom('skills').select('id').execute()).length;
    const before = await skills();
    for (const value of ['true', `"${platform.id}"`, '1.5', `[${platform.id}]`, '{"id":1}']) {
      const response = await post('/api/skills', `{"name_en":"Reading","name_ar":"القراءة","platform_id":${value}}`);
      expect(response.statusCode, value).toBe(422);
      expect(response.json().errors.platform_id, value).toHaveLength(1);
    }
    const classes = await post('/api/school-classes', '{"name_en":"A","name_ar":"أ","school_id":true,"grade_id":"1"}');
    expect(Object.keys(classes.json().errors).sort()).toEqual(['grade_id', 'school_id']);
    expect(await skills()).toBe(before);
    expect(
      (await post('/api/skills', `{"name_en":"Reading","name_ar":"القراءة","platform_id":${platform.id}}`)).statusCode,
    ).toBe(201);
  });
});

describe('keys named after Object.prototype members are fields like any other (422/400, never 500)', () => {
  const KEYS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

  it('names each unknown body key in the errors, signed out and signed in, in the request language', async () => {
    for (const key of KEYS) {
      const payload = `{"email":"a@b.test","password":"x","${key}":1}`;
      const signedOut = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', 'accept-language': 'ar' },
        payload,
      });
      expect(signedOut.statusCode, key).toBe(422);
      expect(Object.keys(signedOut.json().errors), key).toEqual([key]);
      expect(signedOut.json().errors[key], key).toEqual(['هذا الحقل غير مسموح به']);
      const own = await raw(`{"name":"New","${key}":{"${key}":1}}`);
      expect(own.statusCode, key).toBe(422);
      expect(Object.keys(own.json().errors), key).toEqual([key]);
      await expectUnchanged();
    }
  });

  it('refuses such names in query strings and form bodies without a 500', async () => {
    const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
    for (const key of KEYS) {
      const query = await call(t.app, 'GET', `/api/users?${key}=%00`, undefined, { cookie: admin });
      expect(query.statusCode, key).toBe(400);
      expect(Object.keys(query.json().errors), key).toEqual([key]);
      const listed = await call(t.app, 'GET', `/api/users?${key}=1&filter[${key}]=1`, undefined, { cookie: admin });
      expect(listed.statusCode, key).toBeLessThan(500);
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/reports/download',
        headers: {
          cookie: admin,
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `language=en&report_ids[]=1&${key}=1&${key}=2`,
      });
      expect(form.statusCode, key).toBe(422);
      expect(Object.keys(form.json().errors), key).toEqual([key]);
    }
  });
});
