import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { InterventionAction, InterventionOutcome } from '../../common/contracts/index';
import { InterventionReview } from './InterventionReview';
import { errorMessage } from '../providers/errors';
import type { ExamDayTarget } from '../providers/examDayMethods';
import { useAppDataProvider } from '../providers/appDataProvider';
import { ReasonField, reasonGiven } from './ReasonField';

interface InterventionDialogProps {
  examId: number;
  action: InterventionAction;
  /** Whom it is for, and how to name them in the dialog's heading. */
  target: ExamDayTarget;
  targetLabel: string;
  onClose: (done: boolean) => void;
}

/**
 * One intervention: the minutes (extend; reopen, optionally), a reason (required, audited), then a
 * review of whom it reaches and whom not, and why (a reset names what it erases), then the action.
 */
export function InterventionDialog({ examId, action, target, targetLabel, onClose }: InterventionDialogProps) {
  const translate = useTranslate();
  const provider = useAppDataProvider();
  const [minutes, setMinutes] = useState(action === 'extend' ? '5' : '');
  const [reason, setReason] = useState('');
  const [review, setReview] = useState<InterventionOutcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsMinutes = action === 'extend';
  const minutesValue = minutes.trim() === '' ? undefined : Number(minutes);
  const minutesValid =
    minutesValue === undefined
      ? !needsMinutes
      : Number.isInteger(minutesValue) && minutesValue >= 1 && minutesValue <= 600;
  const valid = minutesValid && reasonGiven(reason);

  const send = async (preview: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      // The confirmation acts on exactly the students the review named (someone who started since is not swept in).
      const reviewed = !preview && review ? { student_ids: review.applied.map((entry) => entry.student_id) } : target;
      const { data } = await provider.intervene(examId, {
        action,
        ...reviewed,
        ...(minutesValue !== undefined ? { minutes: minutesValue } : {}),
        reason: reason.trim(),
        preview,
      });
      if (preview) setReview(data);
      else onClose(true);
    } catch (error) {
      setProblem(errorMessage(error));
      setReview(null);
    } finally {
      setBusy(false);
    }
  };
  // Any change to the form asks for a new review.
  const edit = (apply: () => void) => {
    apply();
    setReview(null);
  };

  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth aria-labelledby="intervention-title">
      <DialogTitle id="intervention-title">
        {translate(`exam_day.actions.${action}`)}: {targetLabel}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate(`exam_day.explain.${action}`)}
        </Typography>
        {(action === 'extend' || action === 'reopen') && (
          <TextField
            label={translate(action === 'extend' ? 'exam_day.dialog.minutes' : 'exam_day.dialog.minutes_optional')}
            type="number"
            value={minutes}
            onChange={(event) => edit(() => setMinutes(event.target.value))}
            slotProps={{ htmlInput: { min: 1, max: 600, inputMode: 'numeric' } }}
            error={!minutesValid}
            helperText={!minutesValid ? translate('exam_day.dialog.minutes_range') : undefined}
            required={needsMinutes}
          />
        )}
        <ReasonField value={reason} onChange={(next) => edit(() => setReason(next))} />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        {review && <InterventionReview action={action} outcome={review} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate('ra.action.cancel')}</Button>
        {review === null ? (
          <Button variant="outlined" disabled={!valid || busy} onClick={() => void send(true)}>
            {translate('exam_day.dialog.review')}
          </Button>
        ) : (
          <Button
            variant="contained"
            color={action === 'reset' || action === 'force_submit' ? 'error' : 'primary'}
            disabled={!valid || busy || review.applied.length === 0}
            onClick={() => void send(false)}
          >
            {translate(`exam_day.dialog.confirm.${action}`, { smart_count: review.applied.length })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
