import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, FormHelperText, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isRTL } from '../../../../locales/languages';
import { MoveButton } from '../../components/MoveButton';
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
  const move = (direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    return (
      <MoveButton
        direction={direction}
        label={translate(`question_editor.move_${direction}`, { name })}
        atEnd={to < 0 || to >= list.length}
        moveKey={`${itemId}:${direction}`}
        onMove={() => onChange(moveItem(list, index, to))}
      />
    );
  };
  const removeLabel = translate('question_editor.remove', { name });
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      {move('up')}
      {move('down')}
      {!moveOnly && (
        <Tooltip title={removeLabel}>
          <span>
            <IconButton
              size="small"
              aria-label={removeLabel}
              disabled={list.length <= keep}
              onClick={() => onChange(removeAt(list, index))}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
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
