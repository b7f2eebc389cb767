import { Loading, ResourceContextProvider } from 'react-admin';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { UnknownPath } from '../components/UnknownPath';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { ProtectedPage } from '../auth';
import { PlatformProvider } from '../platforms';
import { GenericCreate } from './GenericCreate';
import { GenericEdit } from './GenericEdit';
import { GenericList } from './GenericList';
import { screenOverrides } from './overrides';
import { ScreenProvider, useScreen } from './ScreenContext';

function ScreenRoutes() {
  const { definition, access } = useScreen();
  if (access.isPending) return <Loading />;
  // Each screen checks its permission before it mounts (and calls anything): a 403 is never
  // how a screen learns it is not allowed.
  const allowed = (may: boolean, page: ReactNode) => (may ? page : <Navigate to="/restricted" replace />);
  const override = screenOverrides[definition.name] ?? {};
  const List = override.list ?? GenericList;
  const Create = override.create ?? GenericCreate;
  const Edit = override.edit ?? GenericEdit;
  const routes = (
    <Routes>
      <Route index element={allowed(access.canView, <List />)} />
      <Route path="create" element={allowed(access.canCreate, <Create />)} />
      <Route path=":id" element={allowed(access.canView, <Edit />)} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
  // Someone who may not see the list has no use for the platforms either: do not fetch them.
  return definition.platformScoped && access.canView ? <PlatformProvider>{routes}</PlatformProvider> : routes;
}

/**
 * Everything mounted at a schema's `menu.route`: the list, `create` and `:id` (edit), for a
 * signed-in user, with the platform selection shared by a platform-scoped resource's screens.
 */
export function ResourceScreens({ definition }: { definition: ResourceDefinition }) {
  return (
    <ProtectedPage>
      <ResourceContextProvider value={definition.name}>
        <ScreenProvider definition={definition}>
          <ScreenRoutes />
        </ScreenProvider>
      </ResourceContextProvider>
    </ProtectedPage>
  );
}
