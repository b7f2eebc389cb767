import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, FormHelperText, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isRTL } from '../../../../locales/languages';
import { moveItem, removeAt } from './listOps';

/** Text direction of a plain input holding content in `language`. */
export const dirOf = (language: string) => (isRTL(language) ? 'rtl' : 'ltr');

/** Translates a field message: a catalog key from the console or a sentence from the server. */
export function useMessage() {
  const translate = useTranslate();
  return (message: string | undefined) => (message ? translate(message, { _: message }) : undefined);
}

interface ItemActionsProps<T> {
  list: readonly T[];
  index: number;
  onChange: (next: T[]) => void;
  /** The entry's name in the buttons' labels ("option 2"). */
  name: string;
  /** The entry's id: the focus follows the entry when it moves. */
  itemId: string;
  /** Entries that must stay (a list's minimum is the schema's business; this keeps one row). */
  keep?: number;
  /** Only the move buttons (a student reordering items may not remove one). */
  moveOnly?: boolean;
}

// After a move the entry's row is re-rendered elsewhere; put the focus back on its button
// (or on the other arrow once the entry reaches an end), so arrow after arrow works.
function refocus(itemId: string, direction: 'up' | 'down') {
  setTimeout(() => {
    const buttons = (d: string) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(itemId)}:${d}"]`);
    const target = buttons(direction);
    (target && !target.disabled ? target : buttons(direction === 'up' ? 'down' : 'up'))?.focus();
  });
}

/** Move up, move down and remove for one entry: named buttons, so they work from the keyboard. */
export function ItemActions<T>({
  list,
  index,
  onChange,
  name,
  itemId,
  keep = 1,
  moveOnly = false,
}: ItemActionsProps<T>) {
  const translate = useTranslate();
  const action = (key: string, disabled: boolean, run: () => void, icon: React.ReactNode, move?: 'up' | 'down') => {
    const label = translate(key, { name });
    return (
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            aria-label={label}
            disabled={disabled}
            data-move={move ? `${itemId}:${move}` : undefined}
            onClick={() => {
              run();
              if (move) refocus(itemId, move);
            }}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  };
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      {action(
        'question_editor.move_up',
        index === 0,
        () => onChange(moveItem(list, index, index - 1)),
        <ArrowUpwardIcon fontSize="small" />,
        'up',
      )}
      {action(
        'question_editor.move_down',
        index === list.length - 1,
        () => onChange(moveItem(list, index, index + 1)),
        <ArrowDownwardIcon fontSize="small" />,
        'down',
      )}
      {!moveOnly &&
        action(
          'question_editor.remove',
          list.length <= keep,
          () => onChange(removeAt(list, index)),
          <DeleteOutlineIcon fontSize="small" />,
        )}
    </Box>
  );
}

/** "Add option", "Add item"...: `label` is a catalog key. */
export function AddButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={onClick} disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
      {translate(label)}
    </Button>
  );
}

/** A message about a whole list (too few options, no correct option). */
export function ListError({ message }: { message: string | undefined }) {
  const text = useMessage()(message);
  if (!text) return null;
  return (
    <FormHelperText error role="alert" sx={{ mb: 1 }}>
      {text}
    </FormHelperText>
  );
}

/** Removes one entry of a list that has no order of its own (a blank's options). */
export function RemoveButton({ name, onClick, disabled }: { name: string; onClick: () => void; disabled?: boolean }) {
  const translate = useTranslate();
  const label = translate('question_editor.remove', { name });
  return (
    <IconButton size="small" aria-label={label} title={label} onClick={onClick} disabled={disabled} sx={{ mt: 0.5 }}>
      <DeleteOutlineIcon fontSize="small" />
    </IconButton>
  );
}
