import type { Db } from '../db/database';

/**
 * Whether user `userId` holds any one of `anyOf` now, through any of their roles: read from the
 * database, for work done outside a request's session (an import's job at its run, a launch).
 */
export async function holdsPermission(db: Db, userId: number, anyOf: string | readonly string[]): Promise<boolean> {
  const permissions = typeof anyOf === 'string' ? [anyOf] : [...anyOf];
  if (permissions.length === 0) return false;
  const found = await db
    .selectFrom('user_roles as ur')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select('p.id')
    .where('ur.user_id', '=', userId)
    .where('p.permission', 'in', permissions)
    .executeTakeFirst();
  return found !== undefined;
}
