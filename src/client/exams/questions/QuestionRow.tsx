import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Chip, IconButton, ListItem, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { plainText } from '../../../common/questions/rich-text';
import { MoveButton } from '../../components/MoveButton';
import { useSortableRow } from '../../components/Sortable';
import { formatNumber } from '../../format';
import type { ExamQuestion } from '../types';
import { useLanguage } from '../../i18n/recordName';

interface QuestionRowProps {
  question: ExamQuestion;
  index: number;
  last: boolean;
  disabled?: boolean;
  onMove: (offset: -1 | 1) => void;
  onRemove?: (question: ExamQuestion) => void;
}

/** One question of the exam: its number, text, answer type and mark, a drag handle and its buttons. */
export function QuestionRow({ question, index, last, disabled, onMove, onRemove }: QuestionRowProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const number = index + 1;
  const row = useSortableRow(question.id, { label: translate('exams.questions.drag', { number }), disabled });
  const text = plainText(question.text).trim();

  return (
    <ListItem
      ref={row.ref}
      divider
      data-testid="exam-question"
      data-question-id={question.id}
      style={row.style}
      sx={{
        gap: 1.5,
        bgcolor: row.isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: row.isDragging ? 1 : 0,
      }}
    >
      {row.handle}
      <Typography component="span" sx={{ minWidth: 28, fontWeight: 600 }}>
        {formatNumber(number, language)}
      </Typography>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {/* The clipped line takes the text's own direction: English in Arabic is cut at its end. */}
        <Typography noWrap dir="auto" sx={{ textAlign: 'start' }} title={text}>
          {text}
        </Typography>
      </Box>
      <Chip size="small" label={translate(`question_editor.kinds.${question.answer_type}`)} />
      <Typography component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {translate('exams.questions.mark', { mark: formatNumber(question.mark, language) })}
      </Typography>
      <MoveButton
        direction="up"
        label={translate('exams.questions.move_up', { number })}
        atEnd={index === 0}
        moveKey={`question-${question.id}:up`}
        disabled={disabled}
        onMove={() => onMove(-1)}
      />
      <MoveButton
        direction="down"
        label={translate('exams.questions.move_down', { number })}
        atEnd={last}
        moveKey={`question-${question.id}:down`}
        disabled={disabled}
        onMove={() => onMove(1)}
      />
      {onRemove && (
        <Tooltip title={translate('exams.questions.remove', { number })}>
          <IconButton
            size="small"
            color="error"
            aria-label={translate('exams.questions.remove', { number })}
            disabled={disabled}
            onClick={() => onRemove(question)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </ListItem>
  );
}
