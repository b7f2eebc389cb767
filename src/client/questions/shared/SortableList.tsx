import { arrayMove } from '@dnd-kit/sortable';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { SortableArea, useSortableRow } from '../../components/Sortable';

interface SortableListProps<T extends { id: string }> {
  items: T[];
  onReorder: (next: T[]) => void;
  /** One row; `handle` is the drag handle to place in it. */
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
  /** How an entry is named to assistive technology ("item 2"). */
  nameOf: (item: T, index: number) => string;
}

function Row({ id, name, children }: { id: string; name: string; children: (handle: ReactNode) => ReactNode }) {
  const translate = useTranslate();
  const row = useSortableRow(id, { label: translate('question_editor.sortable.handle', { name }) });
  return (
    <Box
      ref={row.ref}
      style={row.style}
      sx={{ opacity: row.isDragging ? 0.6 : 1, position: 'relative', zIndex: row.isDragging ? 1 : 'auto' }}
    >
      {children(row.handle)}
    </Box>
  );
}

/** The answer editors' ordered lists (items, options, blanks...): rows in a column (components/Sortable). */
export function SortableList<T extends { id: string }>({ items, onReorder, renderItem, nameOf }: SortableListProps<T>) {
  const ids = items.map((item) => item.id);
  return (
    <SortableArea
      ids={ids}
      nameOf={(id) => nameOf(items[ids.indexOf(String(id))], ids.indexOf(String(id)))}
      onMove={(from, to) => onReorder(arrayMove(items, from, to))}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {items.map((item, index) => (
          <Row key={item.id} id={item.id} name={nameOf(item, index)}>
            {(handle) => renderItem(item, index, handle)}
          </Row>
        ))}
      </Box>
    </SortableArea>
  );
}
