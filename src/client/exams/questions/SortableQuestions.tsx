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
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { List } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ExamQuestion } from '../types';
import { QuestionRow } from './QuestionRow';

interface SortableQuestionsProps {
  questions: ExamQuestion[];
  /** Every question id in the new order. */
  onReorder: (ids: number[]) => void;
  onRemove?: (question: ExamQuestion) => void;
  disabled?: boolean;
}

/**
 * The exam's questions in order, reordered by dragging a handle or from the keyboard (focus the
 * handle, Space, arrow keys, Space), or with the move up and down buttons. Announcements for
 * screen readers come from the catalog so they follow the console's language.
 */
export function SortableQuestions({ questions, onReorder, onRemove, disabled }: SortableQuestionsProps) {
  const translate = useTranslate();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = questions.map((question) => question.id);
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onReorder(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('exams.questions.dnd.picked', { position: position(active.id) }),
    onDragOver: ({ over }) =>
      over ? translate('exams.questions.dnd.over', { position: position(over.id) }) : undefined,
    onDragEnd: ({ over }) =>
      over ? translate('exams.questions.dnd.dropped', { position: position(over.id) }) : undefined,
    onDragCancel: () => translate('exams.questions.dnd.cancelled'),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: translate('exams.questions.dnd.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <List data-testid="exam-questions" disablePadding>
          {questions.map((question, index) => (
            <QuestionRow
              key={question.id}
              question={question}
              index={index}
              last={index === questions.length - 1}
              disabled={disabled}
              onMove={(offset) => move(index, index + offset)}
              onRemove={onRemove}
            />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
