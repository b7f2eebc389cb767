import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import type { SyncStatus } from '../sync/answerQueue';

const ICONS: Record<SyncStatus, typeof CloudDoneIcon> = {
  saved: CloudDoneIcon,
  saving: CloudSyncIcon,
  offline: CloudOffIcon,
  retrying: CloudSyncIcon,
  rejected: ErrorOutlineIcon,
  closed: ErrorOutlineIcon,
  unkept: WarningAmberIcon,
};

const COLORS: Record<SyncStatus, string> = {
  saved: 'success.main',
  saving: 'text.secondary',
  offline: 'warning.main',
  retrying: 'warning.main',
  rejected: 'error.main',
  closed: 'error.main',
  unkept: 'error.main',
};

/** The states a student must hear about: answers are not reaching the server. */
const TROUBLE: ReadonlySet<SyncStatus> = new Set(['offline', 'retrying', 'rejected', 'closed', 'unkept']);

/**
 * What the live region says for a status: trouble, and the recovery from it (saved again after
 * trouble); nothing for the ordinary "Saving… / All answers saved" of every answer, which would
 * interrupt a screen reader at each keystroke (WCAG 4.1.3 without the noise).
 */
export function useAnnouncedStatus(status: SyncStatus): SyncStatus | null {
  const troubled = useRef(false);
  const said = useRef<SyncStatus | null>(null);
  if (TROUBLE.has(status)) {
    troubled.current = true;
    said.current = status;
  } else if (status === 'saved' && troubled.current) {
    troubled.current = false;
    said.current = 'saved';
  }
  return said.current;
}

/** Where the answers are, always true to the queue's state; only trouble and recovery are announced. */
export function SaveStatus({ status }: { status: SyncStatus }) {
  const translate = useTranslate();
  const announced = useAnnouncedStatus(status);
  const Icon = ICONS[status];
  return (
    <>
      <Box
        data-testid="save-status"
        data-status={status}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, color: COLORS[status] }}
      >
        <Icon fontSize="small" aria-hidden />
        <Typography variant="body2">{translate(`student.sync.${status}`)}</Typography>
      </Box>
      <Box role="status" aria-live="polite" data-testid="save-status-announcement" sx={visuallyHidden}>
        {announced ? translate(`student.sync.${announced === 'saved' ? 'recovered' : announced}`) : ''}
      </Box>
    </>
  );
}
