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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { IconButton } from '@mui/material';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

type Id = string | number;

interface SortableAreaProps {
  ids: readonly Id[];
  /** How an entry is named to assistive technology ("item 2", "question 3"). */
  nameOf: (id: Id) => string;
  /** An entry dropped elsewhere: from and to are indexes in `ids`. */
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * A list ordered by dragging (the question editors' lists, an exam's questions): with the pointer,
 * or from the keyboard (focus a handle, Space to lift, arrows to move, Space to drop, Escape to
 * cancel), announced in the reader's language. Its rows use `useSortableRow`.
 */
export function SortableArea({ ids, nameOf, onMove, disabled, children }: SortableAreaProps) {
  const translate = useTranslate();
  const sensors = useSensors(
    // A click on the handle is not a drag until the pointer moves a little.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier | undefined) => ids.findIndex((each) => each === id);
  const named = (id: UniqueIdentifier | undefined) => (indexOf(id) < 0 ? '' : nameOf(id as Id));
  const position = (id: UniqueIdentifier | undefined) => ({ position: indexOf(id) + 1, total: ids.length });
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
    onMove(indexOf(active.id), indexOf(over.id));
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
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export interface SortableRow {
  /** For the row's element. */
  ref: (element: HTMLElement | null) => void;
  style: CSSProperties;
  isDragging: boolean;
  /** The drag handle to place in the row. */
  handle: ReactNode;
}

/** One row of a `SortableArea`: where it is while dragged, and its handle, named `label`. */
export function useSortableRow(id: Id, { label, disabled }: { label: string; disabled?: boolean }): SortableRow {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
    attributes: { roleDescription: translate('question_editor.sortable.role') },
  });
  return {
    ref: setNodeRef,
    style: { transform: CSS.Transform.toString(transform), transition },
    isDragging,
    handle: (
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        aria-label={label}
        disabled={disabled}
        {...attributes}
        {...listeners}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
    ),
  };
}
