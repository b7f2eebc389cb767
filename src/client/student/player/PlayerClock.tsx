import { Box } from '@mui/material';
import { ExamTimer } from './ExamTimer';
import { ExtraTimeNote } from './ExtraTimeNote';
import type { LiveClock } from './useLiveAttempt';

/**
 * The exam's clock and its extra time, in view while the student scrolls, zooms or moves down a
 * long page (issue 41): sticky under the header (at the top on narrow screens, where the header
 * scrolls away), at the end side. The same in every player.
 */
export function PlayerClock({ clock, onExpire }: { clock: LiveClock; onExpire: () => void }) {
  return (
    <Box
      data-testid="player-clock"
      sx={{
        position: 'sticky',
        top: { xs: 0, md: 64 },
        zIndex: 2,
        width: 'fit-content',
        marginInlineStart: 'auto',
        mb: 1,
        px: 1.5,
        py: 0.5,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <ExamTimer deadline={clock.deadline} serverTime={clock.serverTime} onExpire={onExpire} />
      <ExtraTimeNote seconds={clock.extraSeconds} />
    </Box>
  );
}
