import LockResetIcon from '@mui/icons-material/LockReset';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../providers/appDataProvider';
import { errorMessage } from '../providers/errors';
import type { StudentCredentials } from '../providers/rosterMethods';

/** The new credentials, shown once: left to right whatever the page's direction, easy to read out. */
function CredentialsDialog({ credentials, onClose }: { credentials: StudentCredentials; onClose: () => void }) {
  const translate = useTranslate();
  const rows = [
    ['roster.reset.username', credentials.username],
    ['roster.reset.password', credentials.password],
  ] as const;
  return (
    <Dialog open onClose={onClose} aria-labelledby="student-credentials-title" data-testid="student-credentials">
      <DialogTitle id="student-credentials-title">{translate('roster.reset.shown_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('roster.reset.shown_text')}</DialogContentText>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography
                component="dd"
                dir="ltr"
                sx={{ m: 0, fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: '0.08em', textAlign: 'start' }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {translate('roster.reset.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A student's new password, behind a confirmation (the old one stops working and they are signed
 * out); the answer is shown once and forgotten when the dialog closes.
 */
export function ResetPasswordButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext();
  const dataProvider = useAppDataProvider();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: (id: number) => dataProvider.resetStudentPassword(id).then(({ data }) => data),
    onError: (error) => notify(errorMessage(error), { type: 'error' }),
  });
  if (!record) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<LockResetIcon />}
        loading={reset.isPending}
        loadingPosition="start"
        onClick={() => setConfirming(true)}
        data-testid="reset-password"
      >
        {translate('roster.reset.button')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={translate('roster.reset.confirm_title')}
        content={translate('roster.reset.confirm_text')}
        confirmColor="warning"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          reset.mutate(Number(record.id));
        }}
      />
      {reset.data && <CredentialsDialog credentials={reset.data} onClose={() => reset.reset()} />}
    </>
  );
}
