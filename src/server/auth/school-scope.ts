import { sql, type RawBuilder } from 'kysely';
import { AREAS, listPermissions } from '../../common/permission-catalog';
import { hasAnyPermission } from '../../common/permissions';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import type { AuthContext } from '../http/auth-context';

/**
 * The schools a user may see: every school for those who hold the all-schools permission
 * (administrators, authors, correctors), otherwise only the schools the user is linked to
 * (`user_schools`: school staff). A user linked to none sees none.
 */
export type SchoolScope = ({ all: true } | { all: false; ids: number[] }) & {
  /** Who reads: correction statuses and results of the attempts they mark blind come from their own sheet. */
  readerId: number | null;
};

export const ALL_SCHOOLS: SchoolScope = { all: true, readerId: null };

export async function schoolScopeOf(db: Db, auth: AuthContext): Promise<SchoolScope> {
  const readerId = auth.user.id;
  if (hasAnyPermission(auth.permissions, listPermissions(AREAS.allSchools))) return { all: true, readerId };
  const rows = await db.selectFrom('user_schools').select('school_id').where('user_id', '=', auth.user.id).execute();
  return { all: false, ids: rows.map((row) => row.school_id), readerId };
}

export const inSchoolScope = (scope: SchoolScope, schoolId: number): boolean =>
  scope.all || scope.ids.includes(schoolId);

/** A school outside the user's scope is not there for them: 404, as another student's exam is. */
export function assertSchoolInScope(scope: SchoolScope, schoolId: number): void {
  if (!inSchoolScope(scope, schoolId)) throw notFound();
}

/** The SQL condition that keeps rows whose school column is in scope. */
export function schoolScopeCondition(scope: SchoolScope, column: RawBuilder<unknown>): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`;
  if (scope.ids.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${column} in (${sql.join(scope.ids)})`;
}
