import { Box, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { email, Form, PasswordInput, required, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { PublicHeader } from '../layout';

interface Credentials {
  email: string;
  password: string;
}

/** The page that sent the user here, if any; otherwise the auth provider picks the user's home. */
function useReturnPath(): string | undefined {
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  const next = state?.nextPathname;
  return next && next !== '/' && next !== '/login' ? `${next}${state?.nextSearch ?? ''}` : undefined;
}

/** Staff sign-in. Refusals (wrong details, throttling, no access) arrive as toasts. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const returnPath = useReturnPath();
  const [sending, setSending] = useState(false);
  usePageTitle('login.title');

  const submit = async (values: Partial<Credentials>) => {
    setSending(true);
    try {
      await login({ ...values, redirectTo: returnPath });
    } catch (error) {
      // The server translates its own messages; our keys (app_denied) are translated by notify.
      const message = error instanceof Error && error.message ? error.message : 'ra.auth.sign_in_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <PublicHeader />
      <Box component="main" id="main-content" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <Card sx={{ width: 420 }}>
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {translate('login.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('login.subtitle')}
            </Typography>
            <Form onSubmit={submit} noValidate disableInvalidFormNotification>
              <TextInput
                source="email"
                type="email"
                label="login.email"
                autoComplete="username"
                validate={[required('validation.email_required'), email('validation.invalid_email')]}
              />
              <PasswordInput
                source="password"
                label="login.password"
                autoComplete="current-password"
                validate={required('validation.password_required')}
              />
              <Button
                type="submit"
                variant="contained"
                fullWidth
                size="large"
                disabled={sending}
                startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
                sx={{ mt: 2 }}
              >
                {translate('login.submit')}
              </Button>
            </Form>
            <Box sx={{ mt: 3, textAlign: 'center' }}>
              <Link component={RouterLink} to="/">
                {translate('login.back_home')}
              </Link>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
