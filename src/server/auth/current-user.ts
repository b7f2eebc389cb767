import type { Language } from '../../../locales/index';
import type { AuthContext } from '../http/auth-context';

/** The `/api/user` shape (SPEC section 3, Current user); role names follow the request language. */
export function presentUser(auth: AuthContext, lang: Language) {
  return {
    id: auth.user.id,
    name: auth.user.name,
    email: auth.user.email,
    username: auth.user.username ?? null,
    roles: auth.roles.map((r) => ({ name: lang === 'ar' ? r.name_ar : r.name, role: r.role })),
    permissions: [...auth.permissions].sort().map((permission) => ({ permission })),
  };
}
