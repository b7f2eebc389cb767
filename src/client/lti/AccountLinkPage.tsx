import { Alert, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { errorMessage, statusOf } from '../providers/errors';
import { http } from '../providers/http';
import type { ConsoleIdentity } from '../auth';

interface WaitingLink {
  platform: string;
  exam: string | null;
}

/**
 * A course's teacher, sent here by their platform's launch (issue 46) and now signed in with their
 * own account, confirms that the two are the same person: the next launch signs them in directly.
 * They may decline; the launch then expires unused.
 */
export function AccountLinkPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  usePageTitle('lti.account_link.page_title');
  const [waiting, setWaiting] = useState<WaitingLink | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    http<{ data: WaitingLink }>('/lti/account-link', { signal: controller.signal })
      .then(({ json }) => setWaiting(json.data))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, []);

  const confirm = async () => {
    setFailure(null);
    setSending(true);
    try {
      const { json } = await http<{ data: { path: string } }>('/lti/account-link', { method: 'POST', body: {} });
      navigate(json.data.path, { replace: true });
    } catch (error) {
      setSending(false);
      // Expired or already used: nothing more to do here.
      if (statusOf(error) === 410) setWaiting(null);
      setFailure(errorMessage(error));
    }
  };

  const account = (identity as ConsoleIdentity | undefined)?.email || identity?.fullName || '';
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('lti.account_link.title', { platform: waiting?.platform ?? '' })}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {translate(failure, { _: failure })}
            </Alert>
          )}
          {waiting && (
            <>
              <Typography sx={{ mb: 1 }}>
                {translate('lti.account_link.intro', { platform: waiting.platform, account })}
              </Typography>
              {waiting.exam && (
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {translate('lti.account_link.exam', { exam: waiting.exam })}
                </Typography>
              )}
              <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
                <Button variant="contained" disabled={sending} onClick={() => void confirm()}>
                  {translate('lti.account_link.confirm')}
                </Button>
                <Button variant="outlined" disabled={sending} onClick={() => navigate('/', { replace: true })}>
                  {translate('lti.account_link.cancel')}
                </Button>
              </Stack>
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
