import { Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  /** Sends the code; rejects with the server's message when it is refused. */
  onSubmit: (code: string) => Promise<void>;
  /** Back to the password (the challenge expired, or the user wants to start again). */
  onRestart: () => void;
}

/**
 * Sign-in's second step (issue 46): the six digits of the authenticator app, or a recovery code.
 * The field takes one-time-code autofill and a numeric keyboard for the app's code.
 */
export function MfaCodeForm({ onSubmit, onRestart }: Props) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(translate('login.code_required'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSubmit(code.trim());
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : translate('ra.auth.sign_in_error'));
      setCode('');
    } finally {
      setSending(false);
    }
  };

  const switchKind = () => {
    setRecovery((now) => !now);
    setCode('');
    setError(null);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h6" component="h2">
        {translate('login.code_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(recovery ? 'login.recovery_help' : 'login.code_help')}
      </Typography>
      <TextField
        name="code"
        label={translate(recovery ? 'login.recovery_code' : 'login.code')}
        autoComplete="one-time-code"
        autoFocus
        required
        fullWidth
        margin="dense"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{
          htmlInput: recovery
            ? { dir: 'ltr', maxLength: 20, spellCheck: false }
            : { dir: 'ltr', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        disabled={sending}
        startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 1 }}
      >
        {translate('login.verify')}
      </Button>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Link component="button" type="button" onClick={switchKind}>
          {translate(recovery ? 'login.use_app' : 'login.use_recovery')}
        </Link>
        <Link component="button" type="button" onClick={onRestart}>
          {translate('login.start_again')}
        </Link>
      </Box>
    </Box>
  );
}
