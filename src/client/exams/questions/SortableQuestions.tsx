import { arrayMove } from '@dnd-kit/sortable';
import { List } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SortableArea } from '../../components/Sortable';
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
 * handle, Space, arrow keys, Space), or with the move up and down buttons (components/Sortable).
 */
export function SortableQuestions({ questions, onReorder, onRemove, disabled }: SortableQuestionsProps) {
  const translate = useTranslate();
  const ids = questions.map((question) => question.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onReorder(arrayMove(ids, from, to));
  };
  return (
    <SortableArea
      ids={ids}
      nameOf={(id) => translate('exams.questions.dnd.name', { position: ids.indexOf(Number(id)) + 1 })}
      onMove={move}
      disabled={disabled}
    >
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
    </SortableArea>
  );
}
