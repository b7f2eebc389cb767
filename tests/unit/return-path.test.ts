import { describe, expect, it } from 'vitest';
import { consolePath } from '../../src/common/return-path';

/** Issue 46: the page a single sign-on comes back to is a console path of this site, or nothing. */
describe('consolePath', () => {
  it.each([
    ['/exams', '/exams'],
    ['/exams/12/show?tab=2', '/exams/12/show?tab=2'],
    ['/lti/account-link?link=abc', '/lti/account-link?link=abc'],
    ['/exams/../users', '/users'],
    ['/تقارير', '/%D8%AA%D9%82%D8%A7%D8%B1%D9%8A%D8%B1'],
  ])('keeps %s as %s', (value, kept) => {
    expect(consolePath(value)).toBe(kept);
  });

  it.each([
    undefined,
    42,
    '',
    'exams',
    '//evil.example',
    '/\\evil.example',
    '/x\\y',
    'https://evil.example/',
    'javascript:alert(1)',
    '/ftp:x//evil.example',
    '/http:evil.example//evil.example',
    '/exams\r\nSet-Cookie: a=b',
    '/',
    '/login',
    '/api',
    '/api/logout',
    '/../api/logout',
    `/${'a'.repeat(1000)}`,
  ])('drops %s', (value) => {
    expect(consolePath(value)).toBeNull();
  });
});
