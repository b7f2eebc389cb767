import { Box, Checkbox, FormControlLabel, Paper, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnswerDefinitions } from '../../../common/questions';
import { emptyBlank, firstBlankOptions } from './emptyDefinitions';
import { removeAt, replaceAt } from './listOps';
import { AddButton, dirOf, ItemActions, ListError, RemoveButton, useMessage } from './parts';
import type { AnswerEditorProps, ErrorLookup } from './types';

type Blank = AnswerDefinitions['fill_blanks']['blanks'][number];

interface BlankFieldsProps {
  blank: Blank;
  index: number;
  onChange: (blank: Blank) => void;
  error: ErrorLookup;
  language: string;
}

/** One blank: the text around it, its correct answer and, optionally, options to pick from. */
function BlankFields({ blank, index, onChange, error, language }: BlankFieldsProps) {
  const translate = useTranslate();
  const message = useMessage();
  const dir = dirOf(language);
  const field = (key: 'before' | 'answer' | 'after') => {
    const text = message(error(['blanks', index, key]));
    return (
      <TextField
        label={translate(`question_editor.blanks.${key}`)}
        value={blank[key]}
        onChange={(event) => onChange({ ...blank, [key]: event.target.value })}
        error={Boolean(text)}
        helperText={text}
        slotProps={{ htmlInput: { dir } }}
        sx={{ flex: 1, minWidth: 160 }}
      />
    );
  };
  const options = blank.options;
  const setOptions = (next: string[] | undefined) => {
    const { options: _dropped, ...rest } = blank;
    onChange(next ? { ...rest, options: next } : rest);
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {field('before')}
        {field('answer')}
        {field('after')}
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(options)}
            onChange={(event) => setOptions(event.target.checked ? firstBlankOptions(blank.answer) : undefined)}
          />
        }
        label={translate('question_editor.blanks.use_options')}
      />
      {options && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pl: 4 }}>
          <ListError message={error(['blanks', index, 'options'])} />
          {options.map((option, j) => {
            const text = message(error(['blanks', index, 'options', j]));
            const name = translate('question_editor.choice.option', { number: j + 1 });
            return (
              <Box key={j} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  size="small"
                  label={name}
                  value={option}
                  onChange={(event) => setOptions(replaceAt(options, j, event.target.value))}
                  error={Boolean(text)}
                  helperText={text}
                  slotProps={{ htmlInput: { dir } }}
                  sx={{ flex: 1 }}
                />
                <RemoveButton
                  name={name}
                  onClick={() => setOptions(removeAt(options, j))}
                  disabled={options.length <= 1}
                />
              </Box>
            );
          })}
          <AddButton label="question_editor.choice.add" onClick={() => setOptions([...options, ''])} />
        </Box>
      )}
    </>
  );
}

/** Blanks, each with the text before and after it, its correct answer and optional options. */
export function FillBlanksEditor({ value, onChange, error, language }: AnswerEditorProps<'fill_blanks'>) {
  const translate = useTranslate();
  const blanks = value?.blanks ?? [];
  const update = (next: Blank[]) => onChange({ blanks: next });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="fill-blanks-editor">
      <ListError message={error(['blanks'])} />
      {blanks.map((blank, index) => {
        const name = translate('question_editor.blanks.blank', { number: index + 1 });
        return (
          <Paper key={blank.id} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={name}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle2">{name}</Typography>
              <ItemActions list={blanks} index={index} onChange={update} name={name} itemId={blank.id} />
            </Box>
            <BlankFields
              blank={blank}
              index={index}
              onChange={(next) => update(replaceAt(blanks, index, next))}
              error={error}
              language={language}
            />
          </Paper>
        );
      })}
      <AddButton label="question_editor.blanks.add" onClick={() => update([...blanks, emptyBlank()])} />
    </Box>
  );
}
