import { http, HttpResponse } from 'msw';
import { PLATFORMS_VIEW, ROLES } from '../../../src/common/permissions';
import type { User } from '../../../src/client/auth/user';
import { server } from './server';

/** A user holding PLATFORMS_VIEW (needed to use the console) plus `permissions`. */
export function makeUser(permissions: string[] = [], overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Mona Haddad',
    email: 'mona@example.test',
    username: null,
    roles: [{ name: 'Exam author', role: ROLES.author }],
    permissions: [PLATFORMS_VIEW, ...permissions].map((permission) => ({ permission })),
    ...overrides,
  };
}

export const adminRole = { name: 'Administrator', role: ROLES.admin };

/** Signs `user` in: the server knows the session and the browser has the stored user. */
export function signIn(user: User): void {
  window.localStorage.setItem('user', JSON.stringify(user));
  server.use(http.get('*/api/user', () => HttpResponse.json({ data: user })));
}
