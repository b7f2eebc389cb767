import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useBlocker } from 'react-router-dom';

interface LeaveGuardProps {
  /** Marks are typed and not saved. */
  dirty: boolean;
  saving: boolean;
  /** Saves; true when nothing is left unsaved. */
  save: () => Promise<boolean>;
}

/**
 * Typed marks are never lost silently: leaving the student (next, previous, back, a menu link)
 * asks to save first, to leave without saving, or to stay; closing or reloading the tab gets the
 * browser's own warning.
 */
export function LeaveGuard({ dirty, saving, save }: LeaveGuardProps) {
  const translate = useTranslate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const open = blocker.state === 'blocked';
  const t = (key: string) => translate(`correction_screen.leave.${key}`);
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="correction-leave-title">
      <DialogTitle id="correction-leave-title">{t('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('content')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()}>{t('stay')}</Button>
        <Button color="warning" onClick={() => blocker.proceed?.()}>
          {t('discard')}
        </Button>
        <Button
          variant="contained"
          disabled={saving}
          onClick={async () => {
            if (await save()) blocker.proceed?.();
            else blocker.reset?.();
          }}
        >
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
