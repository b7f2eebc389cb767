/**
 * Permission strings (SPEC section 6): com.ltm.permissions.{area}.{action}.{singular},
 * plus the list-level forms view.{area} and download.{area}.
 */
export const PERMISSION_PREFIX = 'com.ltm.permissions';

export const RECORD_ACTIONS = ['create', 'edit', 'delete', 'view', 'generate'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];
/** Actions only some areas have: assigning exams to students (SPEC section 4). */
export type ExtraAction = 'assign';
export type AreaAction = 'view' | 'download';

/** The singular of an area: dashes become dots and one trailing "s" is dropped. */
export function singularOf(area: string): string {
  const dotted = area.replace(/-/g, '.');
  return dotted.endsWith('s') ? dotted.slice(0, -1) : dotted;
}

/** `com.ltm.permissions.{area}.{action}.{singular}`, e.g. platforms/view -> ...platforms.view.platform. */
export function permissionFor(area: string, action: RecordAction | ExtraAction): string {
  return `${PERMISSION_PREFIX}.${area}.${action}.${singularOf(area)}`;
}

/** The area-wide forms: `com.ltm.permissions.{area}.view.{area}` and `...download.{area}`. */
export function areaPermission(area: string, action: AreaAction): string {
  return `${PERMISSION_PREFIX}.${area}.${action}.${area}`;
}

/** Every authenticated route also needs this one (SPEC section 6). */
export const PLATFORMS_VIEW = permissionFor('platforms', 'view');

export const ROLE_PREFIX = 'com.ltm.roles';
export const ROLES = {
  admin: `${ROLE_PREFIX}.admin`,
  author: `${ROLE_PREFIX}.author`,
  corrector: `${ROLE_PREFIX}.corrector`,
  school: `${ROLE_PREFIX}.school`,
  student: `${ROLE_PREFIX}.student`,
} as const;
export type RoleName = (typeof ROLES)[keyof typeof ROLES];

/** Whether a holder of `held` may pass a rule that accepts any one of `anyOf`. */
export function hasAnyPermission(held: Iterable<string>, anyOf: readonly string[]): boolean {
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  return anyOf.some((permission) => set.has(permission));
}

/**
 * The parts of a permission string: its area, its action, and whether it is the area-wide form
 * (`view.{area}`, `download.{area}`) or the record-level one. Null for anything else.
 */
export function parsePermission(permission: string): { area: string; action: string; areaWide: boolean } | null {
  if (!permission.startsWith(`${PERMISSION_PREFIX}.`)) return null;
  const [area, action, target, ...rest] = permission.slice(PERMISSION_PREFIX.length + 1).split('.');
  if (!area || !action || !target) return null;
  return { area, action, areaWide: rest.length === 0 && target === area };
}
