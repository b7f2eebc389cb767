import TextFieldsIcon from '@mui/icons-material/TextFields';
import { Button, FormControlLabel, FormLabel, Popover, Radio, RadioGroup, Stack, Switch } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { PlayerPreferences } from '../api';

const SIZES: PlayerPreferences['text_size'][] = ['normal', 'large', 'larger'];

/** The player's display choices: text size and high contrast, kept for the student. */
export function DisplayMenu({
  preferences,
  onChange,
}: {
  preferences: PlayerPreferences;
  onChange: (next: Partial<PlayerPreferences>) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sizeLabel = useId();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<TextFieldsIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
      >
        {translate('student.display.button')}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': translate('student.display.title') } }}
      >
        <Stack sx={{ p: 2, gap: 1, minWidth: 240 }}>
          <FormLabel id={sizeLabel}>{translate('student.display.text_size')}</FormLabel>
          <RadioGroup
            aria-labelledby={sizeLabel}
            value={preferences.text_size}
            onChange={(event) => onChange({ text_size: event.target.value as PlayerPreferences['text_size'] })}
          >
            {SIZES.map((size) => (
              <FormControlLabel
                key={size}
                value={size}
                control={<Radio />}
                label={translate(`student.display.sizes.${size}`)}
              />
            ))}
          </RadioGroup>
          <FormControlLabel
            control={
              <Switch
                checked={preferences.high_contrast}
                onChange={(event) => onChange({ high_contrast: event.target.checked })}
              />
            }
            label={translate('student.display.high_contrast')}
          />
        </Stack>
      </Popover>
    </>
  );
}
