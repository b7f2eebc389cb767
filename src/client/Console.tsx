import { Admin, CustomRoutes, Resource, type AuthProvider, type DataProvider, type I18nProvider, type RaThemeOptions } from 'react-admin';
import { Route } from 'react-router-dom';
import { AREAS } from '../common/permission-catalog';
import { listPermissions } from './auth/access';
import { ProtectedPage } from './auth/RequirePermission';
import { DemoRequestList } from './demo-requests/DemoRequestList';
import { ExamsPage } from './exams/ExamsPage';
import { schemaRegistry } from './generic/registry';
import { schemaResources, schemaScreenRoutes } from './generic/resourceRoutes';
import { Layout } from './layout/Layout';
import { Notification } from './layout/Notification';
import { ProfilePage } from './profile/ProfilePage';
import { Landing } from './public/Landing';
import { LoginPage } from './public/LoginPage';
import { NotFoundPage } from './public/NotFoundPage';
import { RestrictedPage } from './public/RestrictedPage';

export interface ConsoleProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  theme: RaThemeOptions;
}

const definitions = schemaRegistry.all();

/**
 * The console's routes (SPEC section 2). Public: / (landing), /login, /restricted and
 * the not-found page; the rest need a signed-in user and, per route, a permission.
 * Settings screens come from the schema registry, at each schema's `menu.route`.
 */
export function Console({ authProvider, dataProvider, i18nProvider, theme }: ConsoleProps) {
  return (
    <Admin
      disableTelemetry
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      loginPage={LoginPage}
      catchAll={NotFoundPage}
      notification={Notification}
      theme={theme}
      darkTheme={null}
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<Landing />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/restricted" element={<RestrictedPage />} />
        <Route
          path="/exams"
          element={
            <ProtectedPage anyOf={listPermissions(AREAS.exams)}>
              <ExamsPage />
            </ProtectedPage>
          }
        />
        <Route
          path="/profile"
          element={
            <ProtectedPage>
              <ProfilePage />
            </ProtectedPage>
          }
        />
        {schemaScreenRoutes(definitions)}
      </CustomRoutes>
      <Resource name="demo-requests" list={DemoRequestList} />
      {schemaResources(definitions)}
    </Admin>
  );
}
