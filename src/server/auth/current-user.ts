import type { AuthContext } from './auth-context';

/** The `/api/user` shape (SPEC section 3, Current user). */
export function presentUser(auth: AuthContext) {
  return {
    id: auth.user.id,
    name: auth.user.name,
    email: auth.user.email,
    roles: auth.roles.map((r) => ({ name: r.name, role: r.role })),
    permissions: [...auth.permissions].sort().map((permission) => ({ permission })),
  };
}
