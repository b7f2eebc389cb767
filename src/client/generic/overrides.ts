import type { ComponentType } from 'react';

/** A resource folder's own screens; any it leaves out are the generic ones. */
export interface ScreenOverride {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
}

/** `../settings/users/index.ts` -> `users`: the folder is named after the resource. */
export function overridesFromModules(modules: Record<string, unknown>): Record<string, ScreenOverride> {
  const overrides: Record<string, ScreenOverride> = {};
  for (const [file, module] of Object.entries(modules)) {
    const name = /\/([^/]+)\/index\.tsx?$/.exec(file)?.[1];
    if (name) overrides[name] = module as ScreenOverride;
  }
  return overrides;
}

/**
 * Resource folders under src/client/settings/ override screens of the schema with the same
 * name (users need passwords and roles; schools show their classes).
 */
export const screenOverrides = overridesFromModules(import.meta.glob('../settings/*/index.ts', { eager: true }));

/** A control a feature adds to another resource's generic screens, for holders of any of `anyOf`. */
export interface ScreenAddition {
  /** Drawn inside the record's context (`useRecordContext`). */
  component: ComponentType;
  anyOf?: readonly string[];
}

/**
 * What a feature adds to a resource's generic screens without replacing them: buttons in the
 * edit form's toolbar (a student's password reset) and on each row of its lists, the child list on
 * its parent's screen included (a class's login cards).
 */
export interface ScreenAdditions {
  editActions?: readonly ScreenAddition[];
  rowActions?: readonly ScreenAddition[];
}
export type AdditionSlot = keyof ScreenAdditions;

/** Each feature's `screen-additions.ts` default-exports additions by resource name; several features' add up. */
export function additionsFromModules(modules: Record<string, unknown>): Record<string, Required<ScreenAdditions>> {
  const merged: Record<string, Required<ScreenAdditions>> = {};
  for (const module of Object.values(modules)) {
    const byResource = (module as { default?: Record<string, ScreenAdditions> }).default ?? {};
    for (const [resource, additions] of Object.entries(byResource)) {
      const into = (merged[resource] ??= { editActions: [], rowActions: [] });
      into.editActions = [...into.editActions, ...(additions.editActions ?? [])];
      into.rowActions = [...into.rowActions, ...(additions.rowActions ?? [])];
    }
  }
  return merged;
}

/** `src/client/roster/screen-additions.ts` adds to the students' and the school classes' screens. */
export const screenAdditions = additionsFromModules(import.meta.glob('../*/screen-additions.ts', { eager: true }));
