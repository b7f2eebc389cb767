import { Alert, Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { Loading, useAuthState, useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { homePath } from '../auth';
import { permissionsOf, readStoredUser, SIGN_IN_KEPT, signedInHint } from '../auth';
import { usePageTitle } from '../components/usePageTitle';
import { PublicHeader } from '../layout';
import { DemoRequestForm } from './DemoRequestForm';
import { SkillsSection } from './SkillsSection';

/** The public home page; a signed-in user is sent on to the exams (SPEC section 2). */
export function Landing() {
  const { authenticated, isPending, error } = useAuthState(undefined, false);
  usePageTitle('landing.title');
  // checkAuth has just refreshed the stored user, so its permissions are current.
  if (authenticated) return <Navigate to={homePath(permissionsOf(readStoredUser()))} replace />;
  // Only someone who signed in before (here, or through a redirect: the server's hint) waits for the
  // check; a visitor sees the page at once.
  if (isPending && (readStoredUser() || signedInHint())) return <Loading />;
  // The server could not be asked who signed in: the session is kept, and the page says so.
  return <LandingView signInKept={error?.message === SIGN_IN_KEPT} />;
}

function LandingView({ signInKept }: { signInKept: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <PublicHeader />
      <Box component="main" id="main-content">
        {signInKept && (
          <Container maxWidth="md" sx={{ pt: 2 }}>
            <Alert severity="warning">{translate(SIGN_IN_KEPT)}</Alert>
          </Container>
        )}
        <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 10 }}>
          <Container maxWidth="md" sx={{ textAlign: 'center' }}>
            <Typography variant="h3" component="h1" gutterBottom>
              {translate('landing.headline')}
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, mb: 4 }}>
              {translate('landing.tagline')}
            </Typography>
            <Stack direction="row" spacing={2} justifyContent="center">
              <Button variant="contained" color="secondary" size="large" href="#demo">
                {translate('landing.request_demo')}
              </Button>
              <Button variant="outlined" color="inherit" size="large" component={RouterLink} to="/login">
                {translate('nav.sign_in')}
              </Button>
            </Stack>
          </Container>
        </Box>
        <SkillsSection />
        <Container
          maxWidth="md"
          component="section"
          id="demo"
          aria-labelledby="demo-title"
          // The sticky header would otherwise cover the form's title after the "Request a demo" jump.
          sx={{ pb: 8, scrollMarginTop: 88 }}
        >
          <Card>
            <CardContent sx={{ p: 4 }}>
              <Typography id="demo-title" variant="h4" component="h2" gutterBottom>
                {translate('landing.demo_title')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate('landing.demo_intro')}
              </Typography>
              <DemoRequestForm />
            </CardContent>
          </Card>
        </Container>
      </Box>
      <Box
        component="footer"
        sx={{ py: 3, textAlign: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}
      >
        <Typography variant="body2">
          {translate('landing.footer', { year: new Date().getFullYear(), site: translate('app.site_title') })}
        </Typography>
      </Box>
    </Box>
  );
}
