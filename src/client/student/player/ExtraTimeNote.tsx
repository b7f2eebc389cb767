import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDuration } from '../format';

/** Says that the time shown includes the student's extra time (an accommodation, or a supervisor's extension). */
export function ExtraTimeNote({ seconds }: { seconds: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (seconds <= 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="extra-time-note">
      {translate('student.player.extra_time', { time: formatDuration(seconds, locale) })}
    </Typography>
  );
}
