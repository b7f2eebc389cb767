import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, IconButton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface SortableListProps<T extends { id: string }> {
  items: T[];
  onReorder: (next: T[]) => void;
  /** One row; `handle` is the drag handle to place in it. */
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
  /** How an entry is named to assistive technology ("item 2"). */
  nameOf: (item: T, index: number) => string;
}

function SortableRow({ id, name, children }: { id: string; name: string; children: (handle: ReactNode) => ReactNode }) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: translate('question_editor.sortable.role') },
  });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      aria-label={translate('question_editor.sortable.handle', { name })}
      {...attributes}
      {...listeners}
      sx={{ cursor: 'grab', touchAction: 'none' }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Box
      ref={setNodeRef}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
      }}
    >
      {children(handle)}
    </Box>
  );
}

/**
 * A list ordered by dragging: with the pointer, or from the keyboard (focus a handle, Space to
 * lift, arrows to move, Space to drop, Escape to cancel), announced in the reader's language.
 */
export function SortableList<T extends { id: string }>({ items, onReorder, renderItem, nameOf }: SortableListProps<T>) {
  const translate = useTranslate();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier | undefined) => items.findIndex((item) => item.id === id);
  const named = (id: UniqueIdentifier | undefined) => {
    const index = indexOf(id);
    return index < 0 ? '' : nameOf(items[index], index);
  };
  const position = (id: UniqueIdentifier | undefined) => ({ position: indexOf(id) + 1, total: items.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('question_editor.sortable.picked_up', { name: named(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? translate('question_editor.sortable.moved', { name: named(active.id), ...position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? translate('question_editor.sortable.dropped', { name: named(active.id), ...position(over.id) })
        : undefined,
    onDragCancel: ({ active }) => translate('question_editor.sortable.cancelled', { name: named(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(items, indexOf(active.id), indexOf(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: translate('question_editor.sortable.instructions') },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} name={nameOf(item, index)}>
              {(handle) => renderItem(item, index, handle)}
            </SortableRow>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
