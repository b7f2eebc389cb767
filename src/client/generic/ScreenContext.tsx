import { createContext, useContext, type ReactNode } from 'react';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { useAccess } from '../auth';
import { screenPaths, screenPermissions, type ScreenPaths } from './screen-config';

export interface ScreenAccess {
  isPending: boolean;
  canView: boolean;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Can look but change nothing: the screen says so (SPEC section 6). */
  readOnly: boolean;
}

export interface Screen {
  definition: ResourceDefinition;
  paths: ScreenPaths;
  access: ScreenAccess;
}

const ScreenContext = createContext<Screen | null>(null);

/** What the signed-in user may do on a resource's screens (SPEC section 6, settings screens). */
export function useScreenAccess(definition: ResourceDefinition, readonly = false): ScreenAccess {
  const access = useAccess();
  const permissions = screenPermissions(definition);
  const roles = permissions.roles;
  const canView = access.allows({ anyOf: permissions.view, roles });
  // `readonly` turns a screen into a viewer whatever the permissions (SPEC: "Add ... and readonly off").
  const may = (permission: string) => canView && !readonly && access.allows({ anyOf: [permission], roles });
  const canCreate = may(permissions.create);
  const canEdit = may(permissions.edit);
  const canDelete = may(permissions.delete);
  return {
    isPending: access.isPending,
    canView,
    canCreate,
    canEdit,
    canDelete,
    readOnly: canView && !canCreate && !canEdit && !canDelete,
  };
}

/** Gives a resource's screens their definition, routes and the user's rights on it. */
export function ScreenProvider({ definition, children }: { definition: ResourceDefinition; children: ReactNode }) {
  const access = useScreenAccess(definition);
  return (
    <ScreenContext.Provider value={{ definition, paths: screenPaths(definition), access }}>
      {children}
    </ScreenContext.Provider>
  );
}

export function useScreen(): Screen {
  const screen = useContext(ScreenContext);
  if (!screen) throw new Error('useScreen must be used inside a ScreenProvider');
  return screen;
}
