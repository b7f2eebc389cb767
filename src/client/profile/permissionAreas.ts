import { AREAS } from '../../common/permission-catalog';
import { parsePermission } from '../../common/permissions';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The actions a profile names, in this order; both view forms (the list's and a record's) are "View". */
export const ACTION_ORDER = ['view', 'create', 'edit', 'delete', 'assign', 'generate', 'download'] as const;
export type Action = (typeof ACTION_ORDER)[number];

/** Settings lists and other record areas: the four record actions. */
const RECORD: readonly Action[] = ['view', 'create', 'edit', 'delete'];

/**
 * The actions that mean something in each area (src/common/permission-catalog.ts documents them,
 * the server's routes check them). The catalog grants every action of every area to
 * administrators; the profile leaves out the ones no screen or route uses ("All schools: Download").
 * An area not named here is a record area.
 */
const AREA_ACTIONS: Record<string, readonly Action[]> = {
  [AREAS.exams]: [...RECORD, 'assign'],
  [AREAS.mockExams]: ['view'],
  [AREAS.studentExams]: ['view', 'edit'],
  [AREAS.corrections]: ['view', 'create', 'edit'],
  [AREAS.examStudents]: ['view'],
  [AREAS.studentResponses]: ['view'],
  [AREAS.correctionAudits]: ['view'],
  [AREAS.allSchools]: ['view'],
  [AREAS.reports]: ['view', 'generate', 'download'],
  [AREAS.webReports]: ['view', 'generate'],
  [AREAS.itemStatistics]: ['view'],
  [AREAS.demoRequests]: ['view'],
  [AREAS.rosters]: ['view', 'create', 'edit', 'download'],
  [AREAS.examMonitor]: ['view', 'edit'],
  [AREAS.resultReleases]: ['view', 'create', 'delete'],
  [AREAS.auditLog]: ['view', 'download'],
};

export interface AreaAccess {
  area: string;
  /** The area in words: "Exams", "Skills". */
  name: string;
  /** The actions held, in words and in a fixed order: "View", "Add", "Edit". */
  actions: string[];
}

/** The actions that mean something in an area, in order (a record area's four otherwise). */
export const areaActions = (area: string): readonly Action[] =>
  ACTION_ORDER.filter((action) => (AREA_ACTIONS[area] ?? RECORD).includes(action));

/** The area's name in the reader's language: `permissions.areas`, else the resource's plural name. */
export function areaName(area: string, translate: Translate): string {
  return (
    translate(`permissions.areas.${area}`, { _: '' }) ||
    translate(`resources.${area}.title`, { _: '' }) ||
    translate(`resources.${area}.name`, { smart_count: 2, _: area })
  );
}

/**
 * The user's permissions grouped by area, in words, listing only the actions that exist in each
 * area; sorted by area name. Strings that are not permissions are left out (`others` returns them).
 */
export function groupPermissions(
  permissions: readonly string[],
  translate: Translate,
): { areas: AreaAccess[]; others: string[] } {
  const held = new Map<string, Set<string>>();
  const others: string[] = [];
  for (const permission of permissions) {
    const parts = parsePermission(permission);
    if (!parts) {
      others.push(permission);
      continue;
    }
    const actions = held.get(parts.area) ?? new Set<string>();
    actions.add(parts.action);
    held.set(parts.area, actions);
  }
  const areas = [...held]
    .map(([area, actions]) => {
      const meaningful = AREA_ACTIONS[area] ?? RECORD;
      const named = ACTION_ORDER.filter((action) => meaningful.includes(action) && actions.has(action)).map((action) =>
        translate(`permissions.actions.${action}`),
      );
      return { area, name: areaName(area, translate), actions: named };
    })
    .filter((entry) => entry.actions.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { areas, others };
}
