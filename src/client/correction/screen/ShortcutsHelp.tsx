import { Box, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';

/** Keyboard legends as printed on the keys, the same in both languages. */
const KEYS = {
  ctrl: 'Ctrl',
  cmd: '⌘',
  alt: 'Alt',
  option: '⌥',
  page_down: 'Page Down',
  page_up: 'Page Up',
  down: '↓',
  up: '↑',
};

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function Keys({ keys }: { keys: string[] }) {
  return (
    <Box component="span" dir="ltr" sx={{ display: 'inline-flex', gap: 0.5 }}>
      {keys.map((key, index) => (
        <Fragment key={key}>
          {index > 0 && '+'}
          <Box
            component="kbd"
            sx={{
              px: 0.75,
              border: 1,
              borderColor: 'divider',
              borderRadius: 0.5,
              fontFamily: 'inherit',
              fontSize: '0.8em',
              bgcolor: 'action.hover',
            }}
          >
            {key}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** The keyboard shortcuts of the correction screen, in a line under its toolbar. */
export function ShortcutsHelp() {
  const translate = useTranslate();
  const key = (name: keyof typeof KEYS) => KEYS[name];
  const mac = isMac();
  const command = key(mac ? 'cmd' : 'ctrl');
  const alt = key(mac ? 'option' : 'alt');
  const shortcuts: [string[], string][] = [
    [[command, 'S'], 'save'],
    [[alt, key('page_down')], 'next'],
    [[alt, key('page_up')], 'previous'],
    [[alt, key('down')], 'next_field'],
    [[alt, key('up')], 'previous_field'],
  ];
  return (
    <Box
      component="section"
      aria-label={translate('correction_screen.shortcuts.title')}
      data-testid="correction-shortcuts"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
    >
      <Typography variant="body2" component="h2" sx={{ fontWeight: 600 }}>
        {translate('correction_screen.shortcuts.title')}
      </Typography>
      {shortcuts.map(([keys, action]) => (
        <Typography key={action} variant="body2" color="text.secondary" component="span">
          <Keys keys={keys} /> {translate(`correction_screen.shortcuts.${action}`)}
        </Typography>
      ))}
    </Box>
  );
}
