import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RichText } from '../../rich-text';
import { emptyPair } from './emptyDefinitions';
import { replaceAt } from './listOps';
import { AddButton, ItemActions, ListError } from './parts';
import type { AnswerEditorProps } from './types';

/**
 * Pairs of a left text and the right text it matches. Each side has its own random id
 * (`newAnswerId`), so a student who sees the rights shuffled cannot tell which left each
 * belongs to.
 */
export function MatchingEditor({ value, onChange, error, language }: AnswerEditorProps<'matching'>) {
  const translate = useTranslate();
  const pairs = value?.pairs ?? [];
  const update = (next: typeof pairs) => onChange({ pairs: next });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="matching-editor">
      <Typography variant="body2" color="text.secondary">
        {translate('question_editor.matching.help')}
      </Typography>
      <ListError message={error(['pairs'])} />
      {pairs.map((pair, index) => {
        const name = translate('question_editor.matching.pair', { number: index + 1 });
        return (
          <Paper
            key={pair.id}
            variant="outlined"
            role="group"
            aria-label={name}
            sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <Box sx={{ flex: 1 }}>
              <RichText
                compact
                value={pair.left}
                onChange={(left) => update(replaceAt(pairs, index, { ...pair, left }))}
                language={language}
                label={translate('question_editor.matching.left', { number: index + 1 })}
                error={error(['pairs', index, 'left'])}
              />
            </Box>
            <Box sx={{ flex: 1 }}>
              <RichText
                compact
                value={pair.right}
                onChange={(right) => update(replaceAt(pairs, index, { ...pair, right }))}
                language={language}
                label={translate('question_editor.matching.right', { number: index + 1 })}
                error={error(['pairs', index, 'right'])}
              />
            </Box>
            <Box sx={{ mt: 3 }}>
              <ItemActions list={pairs} index={index} onChange={update} name={name} itemId={pair.id} />
            </Box>
          </Paper>
        );
      })}
      <AddButton label="question_editor.matching.add" onClick={() => update([...pairs, emptyPair()])} />
    </Box>
  );
}
