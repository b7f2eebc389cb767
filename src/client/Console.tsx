import {
  Admin,
  CustomRoutes,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type RaThemeOptions,
} from 'react-admin';
import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { ProtectedPage } from './auth/RequirePermission';
import { declaredPageRoutes, schemaRegistry } from './generic';
import { schemaResources, schemaScreenRoutes } from './generic/resourceRoutes';
import { Layout } from './layout/Layout';
import { Notification } from './layout/Notification';
import { ProfilePage } from './profile/ProfilePage';
import { Landing } from './public/Landing';
import { LoginPage } from './public/LoginPage';
import { NotFoundPage } from './public/NotFoundPage';
import { RestrictedPage } from './public/RestrictedPage';
import { NotFoundProvider } from './components/UnknownPath';
import { lazyLoaded } from './pageReady';
import { ACCOUNT_LINK_PAGE } from '../common/lti/pages';

/** LTI deep linking's exam choice (issue 46): public, opened by a platform, loaded on visit. */
const DeepLinkPage = lazyLoaded(() => import('./lti/DeepLinkPage').then((m) => ({ default: m.DeepLinkPage })));
/** A course teacher's first launch (issue 46): signed in, they link their platform account to theirs. */
const AccountLinkPage = lazyLoaded(() => import('./lti/AccountLinkPage').then((m) => ({ default: m.AccountLinkPage })));

export interface ConsoleProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  theme: RaThemeOptions;
}

const definitions = schemaRegistry.all();

/**
 * The console's routes (SPEC section 2). Public: / (landing), /login, /restricted, an LTI
 * platform's exam choice (/lti/deep-link) and the not-found page; the rest need a signed-in user and, per route, a permission.
 * Settings screens come from the schema registry, at each schema's `menu.route`; hand-written
 * pages (exams, questions bank, reports, web reports, a student's exams) from the pages the
 * declarations name, each loaded on first visit.
 */
export function Console({ authProvider, dataProvider, i18nProvider, theme }: ConsoleProps) {
  return (
    <NotFoundProvider page={NotFoundPage}>
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
          <Route
            path="/lti/deep-link"
            element={
              <Suspense fallback={null}>
                <DeepLinkPage />
              </Suspense>
            }
          />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/restricted" element={<RestrictedPage />} />
          {declaredPageRoutes()}
          <Route
            path={ACCOUNT_LINK_PAGE}
            element={
              <ProtectedPage>
                <Suspense fallback={null}>
                  <AccountLinkPage />
                </Suspense>
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
        {schemaResources(definitions)}
      </Admin>
    </NotFoundProvider>
  );
}
