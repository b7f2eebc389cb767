import { Box, Paper } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RichTextView } from '../../rich-text';
import { ItemActions } from '../editors/parts';
import { SortableList } from '../shared/SortableList';
import { contentName } from './interfaceText';
import type { AnswerViewProps, Entry } from './types';

/** The items in the order the student receives them, reordered by drag, keyboard or buttons. */
export function ReorderingAnswer({ view, answer, onChange }: AnswerViewProps<{ items: Entry[] }, { order: string[] }>) {
  const translate = useTranslate();
  const byId = new Map(view.items.map((item) => [item.id, item]));
  const items = answer
    ? answer.order.map((id) => byId.get(id)).filter((item): item is Entry => Boolean(item))
    : view.items;
  const update = (next: Entry[]) => onChange({ order: next.map((item) => item.id) });
  // Named by its text ("Move “the cat” up"), not by a position that changes as it moves.
  const nameOf = (item: Entry) => contentName(item.text, translate);
  return (
    <SortableList
      items={items}
      onReorder={update}
      nameOf={nameOf}
      renderItem={(item, index, handle) => (
        <Paper
          variant="outlined"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}
          data-testid="reorder-item"
        >
          {handle}
          <Box sx={{ flexGrow: 1 }}>
            <RichTextView html={item.text} />
          </Box>
          <ItemActions list={items} index={index} onChange={update} name={nameOf(item)} itemId={item.id} moveOnly />
        </Paper>
      )}
    />
  );
}
