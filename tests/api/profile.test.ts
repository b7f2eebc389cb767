import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/user/change/information', () => {
  it('changes the name and returns the current user', async () => {
    const user = await buildUser(t.db, { role: ROLES.author, name: 'Old' });
    const cookie = await signIn(t.app, user);
    const response = await call(t.app, 'PUT', '/api/user/change/information', { name: '  سارة  ' }, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: user.id, name: 'سارة' });
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie })).json().data.name).toBe('سارة');
  });

  it('refuses an empty name with "Name is required"', async () => {
    const user = await buildUser(t.db, { role: ROLES.author, name: 'Kept' });
    const cookie = await signIn(t.app, user);
    const response = await call(t.app, 'PUT', '/api/user/change/information', { name: '   ' }, { cookie });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['Name is required'] });
  });
});

describe('PUT /api/user/change/password', () => {
  it('refuses a wrong current password with a field error and keeps the old password', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const cookie = await signIn(t.app, user);
    const body = { current_password: 'not-it-123', password: 'Brand-new-1', password_confirmation: 'Brand-new-1' };
    const response = await call(t.app, 'PUT', '/api/user/change/password', body, { cookie });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const ar = await call(t.app, 'PUT', '/api/user/change/password', body, { cookie, lang: 'ar' });
    expect(ar.json().errors.current_password).toEqual(['كلمة المرور الحالية غير صحيحة.']);
    expect((await call(t.app, 'POST', '/api/login', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  it('refuses a weak password and a mismatched confirmation', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const cookie = await signIn(t.app, user);
    const weak = await call(
      t.app,
      'PUT',
      '/api/user/change/password',
      { current_password: user.password, password: 'short', password_confirmation: 'short' },
      { cookie },
    );
    expect(weak.json().errors.password).toEqual([
      'The password must be at least 8 characters long and contain a letter and a digit',
    ]);
    const mismatch = await call(
      t.app,
      'PUT',
      '/api/user/change/password',
      { current_password: user.password, password: 'Brand-new-1', password_confirmation: 'Brand-new-2' },
      { cookie },
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match'] });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await buildUser(t.db, { role: ROLES.author });
    const mine = await signIn(t.app, user);
    const elsewhere = await signIn(t.app, user);
    const response = await call(
      t.app,
      'PUT',
      '/api/user/change/password',
      { current_password: user.password, password: 'Brand-new-1', password_confirmation: 'Brand-new-1' },
      { cookie: mine },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your password has been changed');
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: mine })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', undefined, { cookie: elsewhere })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/login', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );
    expect((await call(t.app, 'POST', '/api/login', { email: user.email, password: 'Brand-new-1' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a common password for a staff account, in the request language, and keeps the old one', async () => {
    const user = await buildUser(t.db, { role: ROLES.admin });
    const cookie = await signIn(t.app, user);
    const body = { current_password: user.password, password: 'Qwerty123', password_confirmation: 'Qwerty123' };
    const en = await call(t.app, 'PUT', '/api/user/change/password', body, { cookie });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({
      password: ['This password is one of the most common passwords and is easily guessed: choose another'],
    });
    const ar = await call(t.app, 'PUT', '/api/user/change/password', body, { cookie, lang: 'ar' });
    expect(ar.json().errors.password).toEqual(['كلمة المرور هذه من أكثر كلمات المرور شيوعًا ويسهل تخمينها: اختر غيرها']);
    expect((await call(t.app, 'POST', '/api/login', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });
});
