import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RichTextView } from '../../rich-text';
import { dirOf } from '../editors/parts';
import { contentName, InterfaceText } from './interfaceText';
import type { Entry } from './types';

interface PickAnswerProps {
  /** What is being placed (a matching left, a categorizing option). */
  entries: Entry[];
  /** Where it can go (the rights, the categories). */
  targets: Entry[];
  value: Record<string, string | null>;
  onChange: (value: Record<string, string | null>) => void;
  /** Catalog key of each list's label, with `%{name}` (the entry's text). */
  pickLabel: string;
  /** The content's language (the menu of targets opens outside the question, in a portal). */
  language: string;
}

/**
 * Matching and categorizing, answered with one list per entry: a dropdown is reachable and
 * usable from the keyboard, where dragging between columns would not be.
 */
export function PickAnswer({ entries, targets, value, onChange, pickLabel, language }: PickAnswerProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.5, alignItems: 'center' }}>
      {entries.map((entry) => (
        <Box key={entry.id} sx={{ display: 'contents' }}>
          <RichTextView html={entry.text} />
          <TextField
            select
            size="small"
            label={<InterfaceText>{translate(pickLabel, { name: contentName(entry.text, translate) })}</InterfaceText>}
            value={value[entry.id] ?? ''}
            onChange={(event) => onChange({ ...value, [entry.id]: event.target.value || null })}
          >
            {targets.map((target) => (
              <MenuItem key={target.id} value={target.id} lang={language} dir={dirOf(language)}>
                <RichTextView html={target.text} component="span" />
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ))}
    </Box>
  );
}
