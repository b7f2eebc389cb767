import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RichText } from '../../rich-text';
import { SortableList } from '../shared/SortableList';
import { emptyItem } from './emptyDefinitions';
import { replaceAt } from './listOps';
import { followItems, OtherOrders } from './OtherOrders';
import { AddButton, ItemActions, ListError } from './parts';
import type { AnswerEditorProps } from './types';

/**
 * Items listed in their correct order; students see them shuffled. Reorder by dragging (pointer
 * or keyboard, through the handle) or with the move buttons.
 */
export function ReorderingEditor({ value, onChange, error, language }: AnswerEditorProps<'reordering'>) {
  const translate = useTranslate();
  const items = value?.items ?? [];
  const orders = value?.also_accepted ?? [];
  const withOrders = (nextItems: typeof items, nextOrders: string[][]) =>
    onChange({ items: nextItems, ...(nextOrders.length ? { also_accepted: nextOrders } : {}) });
  const update = (next: typeof items) => withOrders(next, followItems(orders, next));
  const nameOf = (_: unknown, index: number) => translate('question_editor.reordering.item', { number: index + 1 });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="reordering-editor">
      <Typography variant="body2" color="text.secondary">
        {translate('question_editor.reordering.help')}
      </Typography>
      <ListError message={error(['items'])} />
      <SortableList
        items={items}
        onReorder={update}
        nameOf={nameOf}
        renderItem={(item, index, handle) => (
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ mt: 3.5 }}>{handle}</Box>
            <Box sx={{ flexGrow: 1 }}>
              <RichText
                compact
                value={item.text}
                onChange={(text) => update(replaceAt(items, index, { ...item, text }))}
                language={language}
                label={nameOf(item, index)}
                error={error(['items', index, 'text'])}
              />
            </Box>
            <Box sx={{ mt: 3 }}>
              <ItemActions list={items} index={index} onChange={update} name={nameOf(item, index)} itemId={item.id} />
            </Box>
          </Box>
        )}
      />
      <AddButton label="question_editor.reordering.add" onClick={() => update([...items, emptyItem()])} />
      <OtherOrders items={items} orders={orders} onChange={(next) => withOrders(items, next)} error={error} />
    </Box>
  );
}
