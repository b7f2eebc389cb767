import { parsePermission } from '../../common/permissions';

/** One area of the roles screen: for each action that means something there, the permissions it stands for. */
export interface GridRow {
  area: string;
  /** An action's permissions: both forms of "view" (the list's and a record's) are one cell. */
  actions: Map<string, string[]>;
}

/**
 * The console's permissions (`catalog`) as rows of areas and their meaningful actions (`actionsOf`);
 * a permission of an action no screen uses is left out of the grid (and kept as it is on save).
 */
export function rolePermissionGrid(
  catalog: readonly string[],
  actionsOf: (area: string) => readonly string[],
): GridRow[] {
  const rows = new Map<string, Map<string, string[]>>();
  for (const permission of catalog) {
    const parts = parsePermission(permission);
    if (!parts || !actionsOf(parts.area).includes(parts.action)) continue;
    const actions = rows.get(parts.area) ?? new Map<string, string[]>();
    actions.set(parts.action, [...(actions.get(parts.action) ?? []), permission]);
    rows.set(parts.area, actions);
  }
  return [...rows].map(([area, actions]) => ({ area, actions }));
}
