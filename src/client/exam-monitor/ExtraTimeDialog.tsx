import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../providers/errors';
import { useAppDataProvider } from '../providers/appDataProvider';
import { ReasonField, reasonGiven } from './ReasonField';

const parsed = (text: string, max: number) => {
  if (text.trim() === '') return { value: null, valid: true };
  const value = Number(text);
  return { value, valid: Number.isInteger(value) && value >= 0 && value <= max };
};

/**
 * Extra time for the chosen students in this exam alone (minutes and/or percent), replacing their
 * own accommodation from their next start; both empty gives them back their own.
 */
export function ExtraTimeDialog({
  examId,
  studentIds,
  targetLabel,
  onClose,
}: {
  examId: number;
  studentIds: number[];
  targetLabel: string;
  onClose: (done: boolean) => void;
}) {
  const translate = useTranslate();
  const provider = useAppDataProvider();
  const [minutes, setMinutes] = useState('');
  const [percent, setPercent] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const m = parsed(minutes, 600);
  const p = parsed(percent, 100);
  const valid = m.valid && p.valid && reasonGiven(reason);
  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await provider.setExtraTime(examId, {
        student_ids: studentIds,
        extra_time_minutes: m.value,
        extra_time_percent: p.value,
        reason: reason.trim(),
      });
      onClose(true);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth aria-labelledby="extra-time-title">
      <DialogTitle id="extra-time-title">
        {translate('exam_day.actions.extra_time')}: {targetLabel}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('exam_day.explain.extra_time')}
        </Typography>
        <TextField
          label={translate('exam_day.dialog.extra_minutes')}
          type="number"
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          error={!m.valid}
          slotProps={{ htmlInput: { min: 0, max: 600 } }}
        />
        <TextField
          label={translate('exam_day.dialog.extra_percent')}
          type="number"
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          error={!p.valid}
          slotProps={{ htmlInput: { min: 0, max: 100 } }}
        />
        <ReasonField value={reason} onChange={setReason} />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
