import { lazy } from 'react';
import {
  Admin,
  CustomRoutes,
  Resource,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type RaThemeOptions,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { AREAS, listPermissions } from '../common/permission-catalog';
import { ProtectedPage } from './auth/RequirePermission';
import { DemoRequestList } from './demo-requests/DemoRequestList';
import { schemaRegistry } from './generic/registry';
import { RESERVED_CONSOLE_PATHS, schemaResources, schemaScreenRoutes } from './generic/resourceRoutes';
import { Layout } from './layout/Layout';
import { Notification } from './layout/Notification';
import { ProfilePage } from './profile/ProfilePage';
import { Landing } from './public/Landing';
import { LoginPage } from './public/LoginPage';
import { NotFoundPage } from './public/NotFoundPage';
import { RestrictedPage } from './public/RestrictedPage';
import { MY_EXAMS_PATH } from './student';

export interface ConsoleProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  theme: RaThemeOptions;
}

const definitions = schemaRegistry.all();
/** The reserved paths whose screens are built. */
const MOUNTED_PATHS = new Set<string>([
  '/grades',
  '/students',
  '/student-exams',
  '/schools-list',
  '/generated-reports',
  '/web-reports',
]);

// The questions bank and the exams (editors, recorder, drag and drop) load on first visit, not with the console.
const QuestionsRoutes = lazy(() => import('./questions/QuestionsRoutes'));
const ExamsRoutes = lazy(() => import('./exams/ExamsRoutes').then((m) => ({ default: m.ExamsRoutes })));
// The student's screens are a separate chunk: staff never download them, students get nothing else.
const StudentRoutes = lazy(() => import('./student/StudentRoutes'));
// Schools and reports: their own chunk, loaded on first visit.
const SchoolPage = lazy(() => import('./reports/SchoolPage'));
// The web reports bring recharts: a chunk of their own.
const WebReportsPage = lazy(() => import('./web-reports/WebReportsPage'));
const GeneratedReportsRoutes = lazy(() =>
  import('./reports/ReportsRoutes').then((m) => ({ default: m.GeneratedReportsRoutes })),
);

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
        <Route path="/exams/*" element={<ExamsRoutes />} />
        <Route path="/questions-bank/*" element={<QuestionsRoutes />} />
        <Route path={`${MY_EXAMS_PATH}/*`} element={<StudentRoutes />} />
        <Route path="/schools-list" element={<SchoolPage name="schools" />} />
        <Route path="/grades" element={<SchoolPage name="grades" />} />
        <Route path="/students" element={<SchoolPage name="students" />} />
        <Route path="/student-exams" element={<SchoolPage name="studentExams" />} />
        <Route path="/generated-reports/*" element={<GeneratedReportsRoutes />} />
        <Route
          path="/web-reports"
          element={
            <ProtectedPage anyOf={listPermissions(AREAS.webReports)}>
              <WebReportsPage />
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
        {/* Held for their own screens (web reports): never a settings list. */}
        {RESERVED_CONSOLE_PATHS.filter((path) => !MOUNTED_PATHS.has(path)).map((path) => (
          <Route key={path} path={path} element={<NotFoundPage />} />
        ))}
      </CustomRoutes>
      <Resource name="demo-requests" list={DemoRequestList} />
      {schemaResources(definitions)}
    </Admin>
  );
}
