import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../providers/appDataProvider';
import { errorMessage, fieldErrorsOf } from '../providers/errors';

/**
 * Erases the student on screen for good, with a reason for the audit log: the dialog says what goes
 * and what stays; the server's refusal (a short reason, an exam under way, erased already) is shown
 * where it belongs.
 */
export function EraseStudentButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext();
  const dataProvider = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const erase = useMutation({
    mutationFn: (id: number) => dataProvider.eraseStudent(id, reason.trim()).then(({ data }) => data),
    onSuccess: (data) => {
      setOpen(false);
      notify(translate('privacy.erase.done', { ...data }), { type: 'success' });
      refresh();
    },
    onError: (error) => {
      if (!fieldErrorsOf(error).reason) notify(errorMessage(error), { type: 'error' });
    },
  });
  if (!record) return null;
  const reasonError = erase.error ? fieldErrorsOf(erase.error).reason : undefined;
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<PersonOffIcon />}
        onClick={() => setOpen(true)}
        data-testid="personal-data-erase"
      >
        {translate('privacy.erase.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="erase-student-title" maxWidth="sm" fullWidth>
        <DialogTitle id="erase-student-title">{translate('privacy.erase.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('privacy.erase.text')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            multiline
            minRows={2}
            label={translate('privacy.erase.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(reasonError)}
            helperText={reasonError ?? translate('privacy.erase.reason_help')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'erase-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('privacy.erase.cancel')}</Button>
          <Button
            variant="contained"
            color="error"
            loading={erase.isPending}
            onClick={() => erase.mutate(Number(record.id))}
            data-testid="erase-confirm"
          >
            {translate('privacy.erase.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
