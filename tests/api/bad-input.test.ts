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
    expect(en.json()).toEqual({ message: 'The request body is not valid JSON.', errors: { body: ['The request body is not valid JSON.'] } });
    const ar = await raw('{nope', { 'accept-language': 'ar' });
    expect(ar.statusCode).toBe(400);
    expect(ar.json().message).toBe('محتوى الطلب ليس بصيغة JSON صالحة.');
    await expectUnchanged();
  });

  it('answers wrong types with 422 and a field error', async () => {
    const response = await call(t.app, 'PUT', '/api/user/change/information', { name: 42 }, { cookie });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The data you sent is not valid.', errors: { name: ['Name is required'] } });
    const list = await call(t.app, 'PUT', '/api/user/change/information', { name: ['a'] }, { cookie, lang: 'ar' });
    expect(list.json().errors.name).toEqual(['الاسم مطلوب']);
    await expectUnchanged();
  });

  it('answers unknown fields with 422 naming each field', async () => {
    const response = await call(t.app, 'PUT', '/api/user/change/information', { name: 'New', is_admin: true }, { cookie });
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
    const ar = await call(t.app, 'PUT', '/api/user/change/information', { name: 'x'.repeat(256) }, { cookie, lang: 'ar' });
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
