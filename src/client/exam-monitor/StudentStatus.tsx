import { Box, Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MonitorStatus } from '../../common/contracts/index';

const COLORS: Record<MonitorStatus, ChipProps['color']> = {
  not_started: 'default',
  in_progress: 'primary',
  submitted: 'success',
  auto_submitted: 'secondary',
  force_submitted: 'secondary',
  absent: 'error',
};

/** A student's status on the monitor, in words (colour only repeats it). */
export function StatusOfDay({ status }: { status: MonitorStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={translate(`exam_day.statuses.${status}`)}
      data-status={status}
    />
  );
}

/** Whether the student's computer is heard from: a dot and the word, for a running attempt only. */
export function Presence({ online }: { online: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }} data-online={online}>
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: online ? 'success.main' : 'transparent',
          border: 2,
          borderColor: online ? 'success.main' : 'text.secondary',
        }}
      />
      {translate(online ? 'exam_day.presence.online' : 'exam_day.presence.offline')}
    </Box>
  );
}
