import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { plainText } from '../../../common/questions';
import { dirOf } from '../editors/parts';
import { firstWords, InterfaceText, isolate, lastWords } from './interfaceText';
import type { AnswerViewProps } from './types';

type Blank = { id: string; before: string; after: string; options?: string[] };

/** Each blank inside its sentence: a text box, or a list when the blank offers options. */
export function FillBlanksAnswer({
  view,
  answer,
  onChange,
  language,
}: AnswerViewProps<{ blanks: Blank[] }, { blanks: Record<string, string> }>) {
  const translate = useTranslate();
  const values = answer?.blanks ?? {};
  const set = (id: string, text: string) => onChange({ blanks: { ...values, [id]: text } });
  // Named by the words around it, not only its number: "Blank 1, after “The cat”".
  const blankName = (blank: Blank, index: number) => {
    const number = isolate(index + 1);
    const before = lastWords(blank.before);
    const after = firstWords(blank.after);
    if (before) return translate('question_editor.preview_answer.blank_after', { number, text: quote(before) });
    if (after) return translate('question_editor.preview_answer.blank_before', { number, text: quote(after) });
    return translate('question_editor.blanks.blank', { number });
  };
  const quote = (text: string) => translate('question_editor.preview_answer.quoted', { text: isolate(text) });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {view.blanks.map((blank, index) => {
        const label = <InterfaceText>{blankName(blank, index)}</InterfaceText>;
        return (
          <Box key={blank.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {/* The server keeps these as plain text (entities escaped): show them as text, never as HTML. */}
            <span dir="auto">{plainText(blank.before)}</span>
            {blank.options ? (
              <TextField
                select
                size="small"
                label={label}
                value={values[blank.id] ?? ''}
                onChange={(event) => set(blank.id, event.target.value)}
                sx={{ minWidth: 160 }}
              >
                {blank.options.map((option, j) => (
                  <MenuItem key={j} value={plainText(option)} lang={language} dir={dirOf(language)}>
                    {plainText(option)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                size="small"
                label={label}
                value={values[blank.id] ?? ''}
                onChange={(event) => set(blank.id, event.target.value)}
                slotProps={{ htmlInput: { dir: dirOf(language), lang: language } }}
                sx={{ width: 180 }}
              />
            )}
            <span dir="auto">{plainText(blank.after)}</span>
          </Box>
        );
      })}
    </Box>
  );
}
