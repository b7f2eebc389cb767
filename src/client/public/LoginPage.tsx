import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { statusOf } from '../providers/errors';
import { PublicHeader } from '../layout';
import { MfaChallenge } from '../auth';
import { MfaCodeForm } from './MfaCodeForm';
import { SsoButtons, SsoRefusal } from './SsoButtons';
import { ACCOUNT_LINK_PAGE } from '../../common/lti/pages';

interface Credentials {
  email: string;
  password: string;
}

type Errors = Partial<Record<keyof Credentials, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Both fields are required, and what has an `@` must look like an e-mail (staff); a student signs
 * in with a username, which has none. The server checks the rest.
 */
function validate({ email, password }: Credentials): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'validation.email_required';
  else if (email.includes('@') && !EMAIL_PATTERN.test(email.trim())) errors.email = 'validation.invalid_email';
  if (!password) errors.password = 'validation.password_required';
  return errors;
}

/** The page that sent the user here, if any; otherwise the auth provider picks the user's home. */
function useReturnPath(): string | undefined {
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  const next = state?.nextPathname;
  return next && next !== '/' && next !== '/login' ? `${next}${state?.nextSearch ?? ''}` : undefined;
}

/**
 * Sign-in for everyone (students too). Plain MUI fields rather than react-admin's form inputs:
 * this page is the first thing a student downloads (issue 11), so it stays light.
 * Refusals (wrong details, throttling, no access) arrive as toasts.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const returnPath = useReturnPath();
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [sending, setSending] = useState(false);
  // A right password of an account with a second factor: the code is asked for next (issue 46).
  const [challenge, setChallenge] = useState<string | null>(null);
  usePageTitle('login.title');

  const change = (field: keyof Credentials) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await login({ email: values.email.trim(), password: values.password, redirectTo: returnPath });
    } catch (error) {
      if (error instanceof MfaChallenge) {
        setChallenge(error.challenge);
        return;
      }
      // The server translates its own messages (401 "Invalid login details", 429); credentials it
      // refuses as malformed (422) get the spec's wording; our keys (app_denied) are translated by notify.
      const message =
        statusOf(error) === 422
          ? translate('login.incorrect')
          : error instanceof Error && error.message
            ? error.message
            : 'ra.auth.sign_in_error';
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
            <SsoRefusal />
            {returnPath?.startsWith(ACCOUNT_LINK_PAGE) && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('login.account_link_first')}
              </Alert>
            )}
            {challenge ? (
              <MfaCodeForm
                onSubmit={(code) => login({ challenge, code, redirectTo: returnPath })}
                onRestart={() => {
                  setChallenge(null);
                  setValues((now) => ({ ...now, password: '' }));
                }}
              />
            ) : (
              <Box component="form" onSubmit={submit} noValidate>
                <TextField
                  name="email"
                  type="text"
                  label={translate('login.email')}
                  autoComplete="username"
                  required
                  fullWidth
                  margin="dense"
                  value={values.email}
                  onChange={change('email')}
                  error={Boolean(errors.email)}
                  helperText={errors.email ? translate(errors.email) : ' '}
                />
                <TextField
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  label={translate('login.password')}
                  autoComplete="current-password"
                  required
                  fullWidth
                  margin="dense"
                  value={values.password}
                  onChange={change('password')}
                  error={Boolean(errors.password)}
                  helperText={errors.password ? translate(errors.password) : ' '}
                  slotProps={{
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <IconButton
                            aria-label={translate(
                              showPassword ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
                            )}
                            onClick={() => setShowPassword((shown) => !shown)}
                            size="large"
                          >
                            {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                          </IconButton>
                        </InputAdornment>
                      ),
                    },
                  }}
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
                <SsoButtons returnPath={returnPath} />
              </Box>
            )}
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
