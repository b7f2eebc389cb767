import { TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { countWords } from '../../../common/questions';
import { dirOf } from '../editors/parts';
import type { AnswerViewProps } from './types';

/**
 * An essay with a live word count, counted as the server counts (`countWords`, Arabic
 * included). Typing past the maximum is refused, as delivery refuses such an answer.
 */
export function EssayAnswer({
  view,
  answer,
  onChange,
  language,
}: AnswerViewProps<{ max_words: number }, { text: string }>) {
  const translate = useTranslate();
  const [refused, setRefused] = useState(false);
  const text = answer?.text ?? '';
  const words = countWords(text);
  return (
    <TextField
      multiline
      minRows={5}
      fullWidth
      label={translate('question_editor.preview_answer.essay')}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        const over = countWords(next) > view.max_words;
        setRefused(over);
        if (!over) onChange({ text: next });
      }}
      error={refused}
      helperText={
        <span data-testid="word-count">
          {refused ? `${translate('questions.answer_word_limit', { max: view.max_words })} · ` : ''}
          {translate('question_editor.preview_answer.word_count', { count: words, max: view.max_words })}
        </span>
      }
      slotProps={{ htmlInput: { dir: dirOf(language) } }}
    />
  );
}
