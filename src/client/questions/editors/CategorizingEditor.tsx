import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnswerDefinitions } from '../../../common/questions';
import { RichText } from '../../rich-text';
import { emptyCategory, emptyItem } from './emptyDefinitions';
import { removeAt, replaceAt } from './listOps';
import { AddButton, ItemActions, ListError, RemoveButton } from './parts';
import type { AnswerEditorProps, ErrorLookup } from './types';

type Category = AnswerDefinitions['categorizing']['categories'][number];

interface CategoryFieldsProps {
  category: Category;
  index: number;
  onChange: (category: Category) => void;
  error: ErrorLookup;
  language: string;
}

/** A category's name and the options that belong in it. */
function CategoryFields({ category, index, onChange, error, language }: CategoryFieldsProps) {
  const translate = useTranslate();
  const options = category.options;
  const setOptions = (next: Category['options']) => onChange({ ...category, options: next });
  return (
    <>
      <RichText
        compact
        value={category.name}
        onChange={(name) => onChange({ ...category, name })}
        language={language}
        label={translate('question_editor.categorizing.name', { number: index + 1 })}
        error={error(['categories', index, 'name'])}
      />
      <ListError message={error(['categories', index, 'options'])} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pl: 3 }}>
        {options.map((option, j) => {
          const name = translate('question_editor.categorizing.option', { number: j + 1, category: index + 1 });
          return (
            <Box key={option.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flexGrow: 1 }}>
                <RichText
                  compact
                  value={option.text}
                  onChange={(text) => setOptions(replaceAt(options, j, { ...option, text }))}
                  language={language}
                  label={name}
                  error={error(['categories', index, 'options', j, 'text'])}
                />
              </Box>
              <Box sx={{ mt: 3 }}>
                <RemoveButton name={name} onClick={() => setOptions(removeAt(options, j))} />
              </Box>
            </Box>
          );
        })}
        <AddButton
          label="question_editor.categorizing.add_option"
          onClick={() => setOptions([...options, emptyItem()])}
        />
      </Box>
    </>
  );
}

/** Categories, each with the options a student must place in it. */
export function CategorizingEditor({ value, onChange, error, language }: AnswerEditorProps<'categorizing'>) {
  const translate = useTranslate();
  const categories = value?.categories ?? [];
  const update = (next: Category[]) => onChange({ categories: next });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="categorizing-editor">
      <ListError message={error(['categories'])} />
      {categories.map((category, index) => {
        const name = translate('question_editor.categorizing.category', { number: index + 1 });
        return (
          <Paper key={category.id} variant="outlined" role="group" aria-label={name} sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2">{name}</Typography>
              <ItemActions list={categories} index={index} onChange={update} name={name} itemId={category.id} />
            </Box>
            <CategoryFields
              category={category}
              index={index}
              onChange={(next) => update(replaceAt(categories, index, next))}
              error={error}
              language={language}
            />
          </Paper>
        );
      })}
      <AddButton label="question_editor.categorizing.add" onClick={() => update([...categories, emptyCategory()])} />
    </Box>
  );
}
