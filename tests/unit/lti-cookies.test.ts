import { describe, expect, it } from 'vitest';
import { ltiCookie } from '../../src/server/lti/lti-cookies';

/** Issue 46: an LTI flow's cookies reach a platform's frame where the site can set secure cookies. */
describe('the cookies of an LTI flow', () => {
  it('are SameSite=None, Secure and partitioned on https and on the browser’s own localhost', () => {
    for (const url of ['https://assess.school.test', 'http://localhost:3000', 'http://127.0.0.1:3000'])
      expect([url, ltiCookie(url, '/api/lti')]).toEqual([
        url,
        { path: '/api/lti', httpOnly: true, sameSite: 'none', secure: true, partitioned: true },
      ]);
  });

  it('stay Lax where no secure cookie can be set (plain http on a school network)', () => {
    expect(ltiCookie('http://assess.school.lan', '/')).toEqual({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
    });
  });
});
