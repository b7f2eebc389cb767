import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demoRequestsPerHour: 4 });
});
afterAll(() => t.close());

const valid = {
  first_name: 'Mona',
  last_name: 'Haddad',
  institute: 'Al Noor School',
  email: 'mona@example.test',
  country: 'ae',
};
const post = (body: unknown, ip: string, lang: 'en' | 'ar' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/demo-requests',
    remoteAddress: ip,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'accept-language': lang },
    payload: body as object,
  });

describe('POST /api/demo-requests (public)', () => {
  it('stores a valid request without sign-in', async () => {
    const response = await post(valid, '10.9.0.1');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ ...valid, country: 'AE', language: 'en' });
    expect(response.json().message).toBeTruthy();
  });

  it('gives the spec messages for every field, in English and Arabic, and stores nothing', async () => {
    const before = (await t.db.selectFrom('demo_requests').select('id').execute()).length;
    const en = await post(
      { first_name: ' ', last_name: '', institute: '', email: 'not-an-email', country: 'ZZ' },
      '10.9.0.2',
    );
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({
      first_name: ['Please fill your first name'],
      last_name: ['Please fill your last name'],
      institute: ['Please fill your institute'],
      email: ['Please enter a valid email'],
      country: ['Please select a country'],
    });
    const ar = await post({}, '10.9.0.3', 'ar');
    expect(ar.json().errors).toEqual({
      first_name: ['يرجى إدخال اسمك الأول'],
      last_name: ['يرجى إدخال اسم العائلة'],
      institute: ['يرجى إدخال اسم المؤسسة'],
      email: ['يرجى إدخال بريد إلكتروني صالح'],
      country: ['يرجى اختيار الدولة'],
    });
    expect((await t.db.selectFrom('demo_requests').select('id').execute()).length).toBe(before);
  });

  it('is rate-limited per address with a translated 429', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < 4; i++)
      expect((await post({ ...valid, email: `r${i}@example.test` }, ip)).statusCode).toBe(201);
    const limited = await post(valid, ip, 'ar');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('طلبات كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.');
    expect((await post(valid, '10.9.1.2')).statusCode).toBe(201);
  });
});

describe('GET /api/demo-requests (admins)', () => {
  it('lists with pagination meta, sort, order and search', async () => {
    const admin = await buildUser(t.db, { role: ROLES.admin });
    const cookie = await signIn(t.app, admin);
    const all = await call(t.app, 'GET', '/api/demo-requests?per_page=2&page=1&sort=id&order=asc', undefined, {
      cookie,
    });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    const total = (await t.db.selectFrom('demo_requests').select('id').execute()).length;
    expect(body.data).toHaveLength(2);
    expect(body.data[0].id).toBeLessThan(body.data[1].id);
    expect(body.meta).toEqual({
      current_page: 1,
      last_page: Math.ceil(total / 2),
      per_page: 2,
      total,
      next_page: 2,
      previous_page: null,
      pages: Array.from({ length: Math.ceil(total / 2) }, (_, i) => i + 1),
    });
    const found = await call(t.app, 'GET', '/api/demo-requests?search=r2@example', undefined, { cookie });
    expect(found.json().data.map((r: { email: string }) => r.email)).toEqual(['r2@example.test']);
    const desc = await call(t.app, 'GET', '/api/demo-requests', undefined, { cookie });
    const ids = desc.json().data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
