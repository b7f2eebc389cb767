import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { AREAS } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';
import { useAccess } from '../auth';
import { errorMessage } from '../providers/errors';
import { useAppDataProvider } from '../providers/appDataProvider';
import { ReasonField, reasonGiven } from './ReasonField';

const LIFT = [permissionFor(AREAS.anonymity, 'edit')];

/**
 * An anonymously marked exam says so on its monitor; an administrator may lift its anonymity before
 * its marking closes, with a reason (kept in the audit log; it cannot be taken back).
 */
export function AnonymityControls({
  examId,
  anonymity,
  onChanged,
}: {
  examId: number;
  anonymity: 'none' | 'held' | 'lifted';
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const access = useAccess();
  const provider = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (anonymity === 'none') return null;
  // Closed, the dialog forgets what was typed and what went wrong.
  const close = () => {
    setOpen(false);
    setReason('');
    setProblem(null);
  };
  const lift = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await provider.liftAnonymity(examId, reason.trim());
      close();
      onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Alert
        severity="info"
        data-testid="anonymity-state"
        action={
          anonymity === 'held' &&
          access.allows({ anyOf: LIFT }) && (
            <Button color="inherit" size="small" onClick={() => setOpen(true)}>
              {translate('exam_day.anonymity.lift')}
            </Button>
          )
        }
      >
        {translate(`exam_day.anonymity.${anonymity}`)}
      </Alert>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="lift-title">
        <DialogTitle id="lift-title">{translate('exam_day.anonymity.lift_title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{translate('exam_day.anonymity.lift_explain')}</DialogContentText>
          <ReasonField value={reason} onChange={setReason} />
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!reasonGiven(reason) || busy} onClick={() => void lift()}>
            {translate('exam_day.anonymity.lift')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
