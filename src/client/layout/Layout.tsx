import { Alert, Box, Button } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { Loading, useAuthState, useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { MFA_ENROLMENT_PATH, mfaEnrolmentDue, readStoredUser } from '../auth';
import { ErrorBoundary } from './ErrorBoundary';
import { HeaderBar } from './HeaderBar';
import { MainNav } from './MainNav';
import { SignInButton } from './PublicHeader';
import { storedUserIsStudent } from '../boot';
import { studentSignOut } from '../student';
import { UserMenu } from './UserMenu';
import { useScrollToTop } from './useScrollToTop';

/**
 * Header and content, no sidebar. The same layout serves signed-out visitors (the
 * not-found and restricted pages must work for them), who get the public header.
 */
export function Layout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { authenticated, isPending } = useAuthState(undefined, false);
  useScrollToTop();
  // A role requires a second factor this account has not set up: the server answers nothing else yet.
  const enrolmentDue = authenticated && mfaEnrolmentDue(readStoredUser()) && pathname !== MFA_ENROLMENT_PATH;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <HeaderBar
        nav={authenticated ? <MainNav /> : null}
        end={
          isPending ? null : authenticated ? (
            <UserMenu guard={storedUserIsStudent() ? studentSignOut : undefined} />
          ) : (
            <SignInButton />
          )
        }
      />
      <Box component="main" id="main-content" sx={{ flexGrow: 1, px: 4, py: 3 }}>
        <ErrorBoundary
          key={pathname}
          fallback={(reset) => (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={reset}>
                  {translate('ra.action.refresh')}
                </Button>
              }
            >
              {translate('errors.generic')}
            </Alert>
          )}
        >
          <Suspense fallback={<Loading />}>
            {enrolmentDue ? <Navigate to={MFA_ENROLMENT_PATH} replace /> : children}
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}
