import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CORRECTION_STATUSES } from '../../../common/correction/statuses';

/** "Generate reports for schools whose correction status is…": the statuses to queue, corrected by default. */
export function StatusDialog({
  open,
  onClose,
  onGenerate,
}: {
  open: boolean;
  onClose: () => void;
  onGenerate: (ids: number[]) => void;
}) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState<number[]>([3]);
  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="status-dialog-title">
      <DialogTitle id="status-dialog-title">{translate('report_screens.schools.by_status')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{translate('report_screens.schools.by_status_help')}</Typography>
        <FormGroup>
          {CORRECTION_STATUSES.map((status) => (
            <FormControlLabel
              key={status.id}
              control={<Checkbox checked={chosen.includes(status.id)} onChange={() => toggle(status.id)} />}
              label={translate(`correction.correction_statuses.${status.key}`)}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('report_screens.schools.cancel')}</Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0}
          onClick={() => {
            onGenerate([...chosen].sort());
            onClose();
          }}
        >
          {translate('report_screens.schools.generate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
