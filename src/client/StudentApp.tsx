import '@fontsource/cairo/400.css';
import '@fontsource/cairo/700.css';
import { Box, Button } from '@mui/material';
import { Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  CoreAdminContext,
  localStorageStore,
  Loading,
  useAuthState,
  useTranslate,
  type AuthProvider,
} from 'react-admin';
import { createBrowserRouter, Navigate, NavLink, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import type { Language, StudentMessages } from '../../locales';
import { bootsStudentApp, storedUserIsStudent } from './boot';
import { useBlocked } from './components/blockQuery';
import { getStoredLanguage } from './language';
import { HeaderBar } from './layout/HeaderBar';
import { Notification } from './layout/Notification';
import { UserMenu } from './layout/UserMenu';
import { dataProvider } from './providers/dataProvider';
import { singleCatalogI18nProvider } from './providers/polyglot';
import { BlockPage } from './public/BlockPage';
import { LoginPage } from './public/LoginPage';
import { isExamPlayerPath, MY_EXAMS_PATH, studentSignOut } from './student';
import StudentRoutes from './student/StudentRoutes';
import { DirectionProvider } from './theme/DirectionProvider';
import { consoleAuthProvider } from './consoleAuth';

/** A path of the console: a full page load boots it (staff after signing in, the profile, /restricted). */
function ConsolePage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <Loading />;
}

function Home() {
  return storedUserIsStudent() ? <Navigate to={MY_EXAMS_PATH} replace /> : <ConsolePage />;
}

const activeLink = { '&.active': { bgcolor: 'rgba(255, 255, 255, 0.16)' } };

/** The console's header as a student sees it: their exams, the language, their menu. */
function StudentLayout() {
  const translate = useTranslate();
  const { authenticated } = useAuthState(undefined, false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <HeaderBar
        nav={
          authenticated ? (
            <Box component="nav" aria-label={translate('nav.main')} sx={{ display: 'flex', gap: 0.5 }}>
              <Button color="inherit" component={NavLink} to={MY_EXAMS_PATH} sx={activeLink}>
                {translate('student.nav.my_exams')}
              </Button>
            </Box>
          ) : null
        }
        end={authenticated ? <UserMenu guard={studentSignOut} /> : null}
      />
      <Box component="main" id="main-content" sx={{ flexGrow: 1, px: 4, py: 3 }}>
        <Suspense fallback={<Loading />}>
          <StudentRoutes />
        </Suspense>
      </Box>
    </Box>
  );
}

/**
 * Signing in here as staff: their home is the console's, which boots through a page load.
 * Loading it straight away (rather than navigating here first) means the address changes once.
 */
function handingStaffToConsole(provider: AuthProvider): AuthProvider {
  return {
    ...provider,
    async login(params: unknown) {
      const result = (await provider.login(params)) as { redirectTo?: unknown } | undefined;
      const to = result?.redirectTo;
      if (typeof to === 'string' && !bootsStudentApp(new URL(to, window.location.origin).pathname)) {
        window.location.assign(to);
        // The page is going away: nothing more to do here (no second navigation).
        return new Promise<never>(() => {});
      }
      return result;
    },
  };
}

export interface StudentAppProps {
  language?: Language;
  /** The language's catalog for students, from `loadStudentCatalog`. */
  messages: StudentMessages;
  authProvider?: AuthProvider;
}

/**
 * A slimmer boot for students (issue 11: every kilobyte counts on school networks): the login
 * page and the student's screens with ra-core's contexts only, without react-admin's <Admin>
 * and the staff screens. Any other path goes to the console through a page load.
 */
export function StudentApp({ language = getStoredLanguage(), messages, authProvider }: StudentAppProps) {
  const i18nProvider = useMemo(() => singleCatalogI18nProvider(language, messages), [language, messages]);
  const narrow = useBlocked();
  const router = useMemo(() => {
    const element = (
      <CoreAdminContext
        authProvider={handingStaffToConsole(authProvider ?? consoleAuthProvider())}
        i18nProvider={i18nProvider}
        // The student's recordings upload through it (uploadMedia); without it ra-core's default has no such method.
        dataProvider={dataProvider}
        store={localStorageStore()}
      >
        <LoginOrStudent />
        <Notification />
      </CoreAdminContext>
    );
    return createBrowserRouter([{ path: '*', element }]);
  }, [authProvider, i18nProvider]);
  const pathname = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
  // An exam's clock runs on the server: covering its page would eat the student's time, so the
  // exam (its start page, the player, the submit page) is never blocked; it reflows instead.
  const tooNarrow = narrow && !isExamPlayerPath(pathname);

  return (
    <DirectionProvider language={language} loading={messages.ra.page.loading}>
      <div hidden={tooNarrow} inert={tooNarrow} aria-hidden={tooNarrow || undefined}>
        <RouterProvider router={router} useTransitions={false} />
      </div>
      {tooNarrow && <BlockPage translate={i18nProvider.translate} />}
    </DirectionProvider>
  );
}

function LoginOrStudent() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<Home />} />
      <Route path={`${MY_EXAMS_PATH}/*`} element={<StudentLayout />} />
      <Route path="*" element={<ConsolePage />} />
    </Routes>
  );
}
