import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RichTextView } from '../../rich-text';
import type { Entry } from './types';

interface PickAnswerProps {
  /** What is being placed (a matching left, a categorizing option). */
  entries: Entry[];
  /** Where it can go (the rights, the categories). */
  targets: Entry[];
  value: Record<string, string | null>;
  onChange: (value: Record<string, string | null>) => void;
  /** Catalog key of each list's label, with `%{number}`. */
  pickLabel: string;
}

/**
 * Matching and categorizing, answered with one list per entry: a dropdown is reachable and
 * usable from the keyboard, where dragging between columns would not be.
 */
export function PickAnswer({ entries, targets, value, onChange, pickLabel }: PickAnswerProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.5, alignItems: 'center' }}>
      {entries.map((entry, index) => (
        <Box key={entry.id} sx={{ display: 'contents' }}>
          <RichTextView html={entry.text} />
          <TextField
            select
            size="small"
            label={translate(pickLabel, { number: index + 1 })}
            value={value[entry.id] ?? ''}
            onChange={(event) => onChange({ ...value, [entry.id]: event.target.value || null })}
          >
            {targets.map((target) => (
              <MenuItem key={target.id} value={target.id}>
                <RichTextView html={target.text} component="span" />
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ))}
    </Box>
  );
}
