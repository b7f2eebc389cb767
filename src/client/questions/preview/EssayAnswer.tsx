import { TextField } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { countWords } from '../../../common/questions';
import { dirOf } from '../editors/parts';
import { InterfaceText, isolate } from './interfaceText';
import type { AnswerViewProps } from './types';

/**
 * An essay with a live word count, counted as the server counts (`countWords`, Arabic
 * included). Typing past the maximum is refused, as delivery refuses such an answer, and said
 * aloud (a polite live region): a refused keystroke is otherwise silent.
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
  const max = { smart_count: view.max_words, max: isolate(view.max_words) };
  return (
    <>
      <TextField
        multiline
        minRows={5}
        fullWidth
        label={<InterfaceText>{translate('question_editor.preview_answer.essay')}</InterfaceText>}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          const over = countWords(next) > view.max_words;
          setRefused(over);
          if (!over) onChange({ text: next });
        }}
        error={refused}
        helperText={
          <InterfaceText>
            <span data-testid="word-count">
              {refused ? `${translate('questions.answer_word_limit', max)} · ` : ''}
              {translate('question_editor.preview_answer.word_count', { ...max, count: isolate(words) })}
            </span>
          </InterfaceText>
        }
        slotProps={{ htmlInput: { dir: dirOf(language), lang: language } }}
      />
      <InterfaceText sx={visuallyHidden}>
        <span role="status" aria-live="polite" data-testid="word-limit-status">
          {refused ? translate('question_editor.preview_answer.word_limit_reached', max) : ''}
        </span>
      </InterfaceText>
    </>
  );
}
