import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Box, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatClock } from '../format';
import { useSecondsLeft } from './useServerClock';

interface ExamTimerProps {
  deadline: string;
  serverTime: string;
  /** Called once when the time is up. */
  onExpire: () => void;
}

/** The time left by the server's clock, with a spoken warning at 5 minutes and at 1 minute. */
export function ExamTimer({ deadline, serverTime, onExpire }: ExamTimerProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const seconds = useSecondsLeft(deadline, serverTime);
  const expired = useRef(false);
  const warning = seconds <= 0 ? 'time_up' : seconds <= 60 ? 'one_minute' : seconds <= 300 ? 'five_minutes' : null;

  // A deadline moved by a supervisor (extra time) may run out again.
  useEffect(() => {
    expired.current = false;
  }, [deadline]);
  useEffect(() => {
    if (seconds <= 0 && !expired.current) {
      expired.current = true;
      onExpire();
    }
  }, [seconds, onExpire]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Box
        role="timer"
        aria-label={translate('student.player.timer.label')}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1.5,
          py: 0.5,
          borderRadius: 1,
          border: 1,
          borderColor: warning ? 'error.main' : 'divider',
          color: warning ? 'error.main' : 'text.primary',
        }}
      >
        <TimerOutlinedIcon fontSize="small" aria-hidden />
        <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} dir="ltr">
          {formatClock(seconds, locale)}
        </Typography>
      </Box>
      <Box aria-live="assertive" aria-atomic="true" data-testid="timer-warning">
        {warning && (
          <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
            {translate(`student.player.timer.${warning}`)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
