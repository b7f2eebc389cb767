import { Loading, ResourceContextProvider } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { ProtectedPage } from '../auth';
import { PlatformProvider } from '../platforms';
import { GenericCreate } from './GenericCreate';
import { GenericEdit } from './GenericEdit';
import { GenericList } from './GenericList';
import { screenOverrides } from './overrides';
import { ScreenProvider, useScreen } from './ScreenContext';

function ScreenRoutes() {
  const { definition, paths, access } = useScreen();
  if (access.isPending) return <Loading />;
  const override = screenOverrides[definition.name] ?? {};
  const List = override.list ?? GenericList;
  const Create = override.create ?? GenericCreate;
  const Edit = override.edit ?? GenericEdit;
  const routes = (
    <Routes>
      <Route index element={<List />} />
      <Route path="create" element={<Create />} />
      <Route path=":id" element={<Edit />} />
      <Route path="*" element={<Navigate to={paths.list} replace />} />
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
