import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

interface LocalizationPopupProps {
  open: boolean;
  busy: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onClose: () => void;
}

/**
 * The localization popup (SPEC section 2): an important notice before the translated texts
 * replace the originals for the chosen countries, with "Save edit" and "Discard changes".
 */
export function LocalizationPopup({ open, busy, onSave, onDiscard, onClose }: LocalizationPopupProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="localization-popup-title" maxWidth="sm" fullWidth>
      <DialogTitle id="localization-popup-title">{translate('exams.localize.popup_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" icon={<WarningAmberIcon />}>
          <AlertTitle>{translate('exams.localize.notice_title')}</AlertTitle>
          {translate('exams.localize.notice')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onDiscard} disabled={busy}>
          {translate('exams.localize.discard')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={busy} autoFocus>
          {translate('exams.localize.save_edit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
