import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { readStoredUser, storeUser } from '../auth';
import { formatDateTime } from '../format';
import { useAppDataProvider } from '../providers/appDataProvider';
import { fieldErrorsOf } from '../providers/errors';
import type { MfaAnswer, MfaSetup, MfaStatus } from '../providers/mfaMethods';

/** What the section shows: the status, a setup under way, a code asked for an action, or new recovery codes. */
type Step =
  | { kind: 'status' }
  | { kind: 'setup'; setup: MfaSetup }
  | { kind: 'confirm'; action: 'renew' | 'disable' }
  | { kind: 'codes'; codes: string[] };

const messageOf = (error: unknown): string | undefined => {
  const fields = fieldErrorsOf(error);
  return fields.code ?? (error instanceof Error ? error.message : undefined);
};

/** Keeps the stored user's view of the factor in step, so the console stops sending them here. */
function rememberEnabled(enabled: boolean) {
  const user = readStoredUser();
  if (user?.mfa) storeUser({ ...user, mfa: { ...user.mfa, enabled } });
}

/** A code field and its button: the app's six digits, or a recovery code. */
function CodeForm(props: {
  label: string;
  submit: string;
  onSubmit: (code: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(translate('mfa.errors.code_required'));
    try {
      await props.onSubmit(code.trim());
    } catch (failure) {
      setError(messageOf(failure) ?? translate('ra.notification.http_error'));
    }
  };
  return (
    <Box component="form" onSubmit={send} noValidate sx={{ mt: 1 }}>
      <TextField
        name="code"
        label={props.label}
        autoComplete="one-time-code"
        size="small"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { dir: 'ltr', maxLength: 20 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained">
          {props.submit}
        </Button>
        {props.onCancel && <Button onClick={props.onCancel}>{translate('mfa.section.cancel')}</Button>}
      </Stack>
    </Box>
  );
}

/** The profile's two-step sign-in (issue 46): set up an authenticator app, new recovery codes, turn it off. */
export function TwoStepSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [status, setStatus] = useState<MfaStatus | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'status' });

  const load = useCallback(async () => setStatus((await dataProvider.mfaStatus()).data), [dataProvider]);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);

  const done = async ({ data }: { data: MfaAnswer }, enabled: boolean) => {
    notify(data.message, { type: 'success', messageArgs: { _: data.message } });
    rememberEnabled(enabled);
    setStep(data.recovery_codes ? { kind: 'codes', codes: data.recovery_codes } : { kind: 'status' });
    await load();
  };
  const start = async () => {
    try {
      setStep({ kind: 'setup', setup: (await dataProvider.startMfaSetup()).data });
    } catch (failure) {
      const message = messageOf(failure) ?? 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
  };

  if (!status) return null;
  const due = status.required && !status.enabled;
  return (
    <Box>
      <Typography variant="h6" component="h2">
        {translate('mfa.section.title')}
      </Typography>
      {due && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {translate('mfa.section.required_now')}
        </Alert>
      )}
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {status.enabled
          ? translate('mfa.section.on', {
              date: formatDateTime(status.enabled_at),
              smart_count: status.recovery_codes_left,
            })
          : translate('mfa.section.off')}
        {status.required && !due ? ` ${translate('mfa.section.required')}` : ''}
      </Typography>
      {step.kind === 'status' && !status.enabled && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('mfa.section.explain')}
          </Typography>
          <Button variant="contained" onClick={() => void start()}>
            {translate('mfa.section.set_up')}
          </Button>
        </>
      )}
      {step.kind === 'status' && status.enabled && (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setStep({ kind: 'confirm', action: 'renew' })}>
            {translate('mfa.section.renew')}
          </Button>
          {!status.required && (
            <Button variant="outlined" color="error" onClick={() => setStep({ kind: 'confirm', action: 'disable' })}>
              {translate('mfa.section.turn_off')}
            </Button>
          )}
        </Stack>
      )}
      {step.kind === 'setup' && (
        <Box>
          <Typography variant="body2">{translate('mfa.section.scan')}</Typography>
          <Box
            component="img"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.setup.qr_svg)}`}
            alt={translate('mfa.section.qr_alt')}
            sx={{ width: 200, height: 200, display: 'block', my: 1, bgcolor: '#fff' }}
          />
          <Typography variant="body2">
            {translate('mfa.section.secret')}:{' '}
            <Box component="code" dir="ltr" sx={{ fontSize: '1rem', letterSpacing: '0.1em', unicodeBidi: 'isolate' }}>
              {step.setup.secret.match(/.{1,4}/g)?.join(' ')}
            </Box>
          </Typography>
          <CodeForm
            label={translate('mfa.section.code')}
            submit={translate('mfa.section.confirm')}
            onSubmit={async (code) => done(await dataProvider.enableMfa(code), true)}
            onCancel={() => setStep({ kind: 'status' })}
          />
        </Box>
      )}
      {step.kind === 'confirm' && (
        <Box>
          <Typography variant="body2">{translate('mfa.section.code_to_confirm')}</Typography>
          <CodeForm
            label={translate('mfa.section.code')}
            submit={translate(step.action === 'renew' ? 'mfa.section.renew' : 'mfa.section.turn_off')}
            onSubmit={async (code) =>
              step.action === 'renew'
                ? done(await dataProvider.renewRecoveryCodes(code), true)
                : done(await dataProvider.disableMfa(code), false)
            }
            onCancel={() => setStep({ kind: 'status' })}
          />
        </Box>
      )}
      {step.kind === 'codes' && (
        <Box>
          <Typography variant="subtitle1" component="h3">
            {translate('mfa.section.codes_title')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('mfa.section.codes_help')}
          </Typography>
          <Box
            component="ul"
            dir="ltr"
            aria-label={translate('mfa.section.codes_title')}
            sx={{ columns: 2, fontFamily: 'monospace', fontSize: '1rem', pl: 3, my: 1 }}
          >
            {step.codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Button variant="contained" onClick={() => setStep({ kind: 'status' })}>
            {translate('mfa.section.codes_done')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
