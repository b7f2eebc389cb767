import { useGetIdentity, usePermissions } from 'react-admin';
import marking from '../../../schemas/marking';
import myExams from '../../../schemas/my-exams';
import schoolHome from '../../../schemas/school-home';
import { accessPermissions, AREAS, listPermissions } from '../../common/permission-catalog';
import { hasAnyPermission, permissionFor } from '../../common/permissions';
import type { ConsoleIdentity } from './identity';

/** The one definition of "may see an area's list" lives with the permission catalog. */
export { listPermissions };

/** The homes of the roles (issue 26), as their declarations give them. */
const STUDENT_HOME = myExams.pages.my_exams;
const MARKER_HOME = marking.pages.waiting;
const SCHOOL_HOME = schoolHome.pages.school_home;
const pathOf = (page: { path: string }) => page.path.replace(/\/\*$/, '');

/**
 * Where "home" is for a signed-in user (SPEC section 2, issue 26): the exams for those who make
 * them; the marking waiting for them for markers; the exams for others who read them; a student's
 * own exams; their school's page for school staff; else the profile, rather than a restricted page
 * right after signing in.
 */
export function homePath(permissions: readonly string[]): string {
  const holds = (anyOf: readonly string[]) => hasAnyPermission(permissions, anyOf);
  if (holds([permissionFor(AREAS.exams, 'create')])) return '/exams';
  if (holds(accessPermissions(MARKER_HOME.access))) return pathOf(MARKER_HOME);
  if (holds(listPermissions(AREAS.exams))) return '/exams';
  if (holds(accessPermissions(STUDENT_HOME.access))) return pathOf(STUDENT_HOME);
  if (holds(accessPermissions(SCHOOL_HOME.access))) return pathOf(SCHOOL_HOME);
  return '/profile';
}

/** Whether a user with these permissions lands on a student's own exams (a student). */
export const isStudentHome = (permissions: readonly string[]) => homePath(permissions) === pathOf(STUDENT_HOME);

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
