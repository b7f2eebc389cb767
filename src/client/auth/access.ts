import { useGetIdentity, usePermissions } from 'react-admin';
import myExams from '../../../schemas/my-exams';
import { accessPermissions, AREAS, listPermissions } from '../../common/permission-catalog';
import { hasAnyPermission } from '../../common/permissions';
import type { ConsoleIdentity } from './user';

/** The one definition of "may see an area's list" lives with the permission catalog. */
export { listPermissions };

/** A student's home page, as its declaration gives it. */
const STUDENT_HOME = myExams.pages.my_exams;

/**
 * Where "home" is for a signed-in user: the exams (SPEC section 2); for a student, who takes
 * exams rather than lists them, their own exams; else the profile, rather than a restricted page
 * right after signing in.
 */
export function homePath(permissions: readonly string[]): string {
  if (hasAnyPermission(permissions, listPermissions(AREAS.exams))) return '/exams';
  if (hasAnyPermission(permissions, accessPermissions(STUDENT_HOME.access)))
    return STUDENT_HOME.path.replace(/\/\*$/, '');
  return '/profile';
}

/** A rule for showing something: any one of `anyOf`, and, when given, one of `roles`. */
export interface AccessRule {
  anyOf?: readonly string[];
  roles?: readonly string[];
}

export interface Access {
  isPending: boolean;
  permissions: string[];
  roles: string[];
  allows: (rule: AccessRule) => boolean;
}

/** The signed-in user's permissions and role strings, read from the auth provider. */
export function useAccess(): Access {
  const { permissions, isPending: permissionsPending } = usePermissions<string[]>();
  const { identity, isPending: identityPending } = useGetIdentity();
  const held = permissions ?? [];
  const roles = ((identity as ConsoleIdentity | undefined)?.roles ?? []).map((entry) => entry.role);
  return {
    isPending: permissionsPending || identityPending,
    permissions: held,
    roles,
    allows: ({ anyOf, roles: anyRole }) =>
      (!anyOf || hasAnyPermission(held, anyOf)) && (!anyRole || anyRole.some((role) => roles.includes(role))),
  };
}
