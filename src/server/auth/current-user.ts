import type { Language } from '../../../locales/index';
import type { Db } from '../db/database';
import type { AuthContext } from '../http/auth-context';

/**
 * The `/api/user` shape (SPEC section 3, Current user); role names follow the request language, and
 * so does a student's own name when given (`ownName`: their account keeps the Latin one).
 */
export function presentUser(auth: AuthContext, lang: Language, ownName = auth.user.name) {
  return {
    id: auth.user.id,
    name: ownName,
    email: auth.user.email,
    username: auth.user.username ?? null,
    roles: auth.roles.map((r) => ({ name: lang === 'ar' ? r.name_ar : r.name, role: r.role })),
    permissions: [...auth.permissions].sort().map((permission) => ({ permission })),
    mfa: { ...auth.mfa },
  };
}

/** A student's own name in the reader's script (the Arabic one for an Arabic reader, when known); staff keep theirs. */
export async function ownNameOf(db: Db, auth: AuthContext, lang: Language): Promise<string> {
  const student = await db
    .selectFrom('students')
    .select(['name_en', 'name_ar'])
    .where('user_id', '=', auth.user.id)
    .executeTakeFirst();
  if (!student) return auth.user.name;
  return (lang === 'ar' && student.name_ar) || student.name_en;
}
