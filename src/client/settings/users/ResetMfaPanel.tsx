import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/appDataProvider';
import type { ManagedUser } from '../../providers/userMethods';

/**
 * An administrator resets someone's lost second factor (issue 46): their app and recovery codes
 * stop working, their sessions end, and the reason goes to the audit log.
 */
export function ResetMfaPanel({ user }: { user: ManagedUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.resetUserMfa(user.id, reason.trim());
      notify(data.message, { type: 'success' });
      setOpen(false);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, maxWidth: 640 }} data-testid="reset-mfa">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('mfa.section.title')}
      </Typography>
      <Typography gutterBottom>
        {translate(user.mfa_enabled ? 'mfa.reset.status_on' : 'mfa.reset.status_off')}
      </Typography>
      {user.mfa_enabled && (
        <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
          {translate('mfa.reset.button')}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reset-mfa-title">
        <DialogTitle id="reset-mfa-title">{translate('mfa.reset.title', { name: user.name })}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>{translate('mfa.reset.help')}</Typography>
          <TextField
            label={translate('mfa.reset.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            fullWidth
            multiline
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="warning" variant="contained" disabled={busy} onClick={reset}>
            {translate('mfa.reset.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
