import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SyncStatus } from '../sync/answerQueue';

const ICONS: Record<SyncStatus, typeof CloudDoneIcon> = {
  saved: CloudDoneIcon,
  saving: CloudSyncIcon,
  offline: CloudOffIcon,
  retrying: CloudSyncIcon,
  rejected: ErrorOutlineIcon,
  closed: ErrorOutlineIcon,
};

const COLORS: Record<SyncStatus, string> = {
  saved: 'success.main',
  saving: 'text.secondary',
  offline: 'warning.main',
  retrying: 'warning.main',
  rejected: 'error.main',
  closed: 'error.main',
};

/** Where the answers are, always true to the queue's state. */
export function SaveStatus({ status }: { status: SyncStatus }) {
  const translate = useTranslate();
  const Icon = ICONS[status];
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: COLORS[status] }}
    >
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2">{translate(`student.sync.${status}`)}</Typography>
    </Box>
  );
}
