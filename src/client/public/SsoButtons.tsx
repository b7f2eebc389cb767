import { Alert, Button, Divider, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { http } from '../providers/http';
import { consolePath } from '../../common/return-path';

interface SsoProvider {
  key: string;
  name: string;
}

/** Why the server sent the browser back from a provider (`/login?sso_error=...`). */
const REFUSALS = [
  'unavailable',
  'cancelled',
  'failed',
  'expired',
  'unknown_account',
  'no_role',
  'disabled',
  'email_taken',
  'no_exam',
  'not_teacher',
] as const;

/** A refusal the server sent back, in the reader's language; nothing for anything else in the address. */
export function SsoRefusal() {
  const translate = useTranslate();
  const reason = new URLSearchParams(useLocation().search).get('sso_error');
  if (!reason || !(REFUSALS as readonly string[]).includes(reason)) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {translate(`login.sso_refused.${reason}`)}
    </Alert>
  );
}

/** The server's start address for `key`, with the console page to come back to, if any. */
export function ssoStartHref(key: string, returnPath?: string): string {
  const start = `/api/sso/${encodeURIComponent(key)}/start`;
  const back = consolePath(returnPath);
  return back ? `${start}?${new URLSearchParams({ return: back })}` : start;
}

/**
 * The single sign-on providers an administrator configured (issue 46), one button each: a plain
 * link to the server's start address, which sends the browser on to the provider and, once signed
 * in, back to `returnPath` (the page that sent the user to sign in).
 */
export function SsoButtons({ returnPath }: { returnPath?: string }) {
  const translate = useTranslate();
  const [providers, setProviders] = useState<SsoProvider[]>([]);
  useEffect(() => {
    let live = true;
    http<{ data: SsoProvider[] }>('/sso/providers')
      .then((response) => live && setProviders(response.json.data))
      // No buttons when the list cannot be read: the password form still works.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Divider>{translate('login.sso_or')}</Divider>
      {providers.map((provider) => (
        <Button key={provider.key} variant="outlined" fullWidth href={ssoStartHref(provider.key, returnPath)}>
          {translate('login.sso_with', { name: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}
