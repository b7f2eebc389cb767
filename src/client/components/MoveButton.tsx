import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { IconButton, Tooltip } from '@mui/material';

interface MoveButtonProps {
  direction: 'up' | 'down';
  /** The button's name, with the entry's ("Move option 2 up"). */
  label: string;
  /** The entry is at this end of its list: pressing does nothing. */
  atEnd: boolean;
  onMove: () => void;
  /** The button's key among all move buttons (entry and direction): focus follows the entry's row. */
  moveKey: string;
  /** The whole list is read-only: the button is disabled and leaves the tab order. */
  disabled?: boolean;
}

/**
 * Move up or down from the keyboard. At its end of the list the button stays focusable and says it
 * is unavailable (aria-disabled) instead of being disabled: focus stays where the person pressed,
 * so a second Enter at the top does nothing rather than land on "Move down" and move the entry back.
 */
export function MoveButton({ direction, label, atEnd, onMove, moveKey, disabled }: MoveButtonProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-disabled={atEnd || undefined}
          disabled={disabled}
          data-move={moveKey}
          sx={atEnd ? { color: 'action.disabled', cursor: 'default' } : undefined}
          disableRipple={atEnd}
          onClick={() => {
            if (atEnd) return;
            onMove();
            // The row is re-rendered elsewhere: the focus goes back to this button in it.
            setTimeout(() => document.querySelector<HTMLElement>(`[data-move="${CSS.escape(moveKey)}"]`)?.focus());
          }}
        >
          {direction === 'up' ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
