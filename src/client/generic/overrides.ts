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
