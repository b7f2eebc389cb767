import FlagIcon from '@mui/icons-material/Flag';
import { Box, Button, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { isolate } from '../../media';
import { formatCount } from '../format';

export interface MapEntry {
  id: number;
  answered: boolean;
  flagged: boolean;
  current: boolean;
}

/** Every question as a button (answered, unanswered, flagged); choosing one opens its page. */
export function QuestionMap({ entries, onSelect }: { entries: MapEntry[]; onSelect: (id: number) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const answered = entries.filter((entry) => entry.answered).length;
  return (
    <Box component="nav" aria-label={translate('student.player.map.title')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('student.player.map.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('student.player.map.progress', {
          smart_count: entries.length,
          answered: isolate(formatCount(answered, locale)),
          total: isolate(formatCount(entries.length, locale)),
        })}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(5, 1fr)' }}
      >
        {entries.map((entry, index) => {
          const number = formatCount(index + 1, locale);
          const state = translate(entry.answered ? 'student.player.map.answered' : 'student.player.map.unanswered');
          const label = [
            translate('student.player.question_number', { number: isolate(number) }),
            state,
            ...(entry.flagged ? [translate('student.player.map.flagged')] : []),
          ].join(translate('student.player.map.separator'));
          return (
            <li key={entry.id}>
              <Button
                fullWidth
                size="small"
                aria-label={label}
                aria-current={entry.current ? 'step' : undefined}
                variant={entry.answered ? 'contained' : 'outlined'}
                color={entry.flagged ? 'warning' : 'primary'}
                onClick={() => onSelect(entry.id)}
                sx={{
                  minWidth: 0,
                  px: 0.5,
                  outline: entry.current ? '2px solid' : undefined,
                  outlineOffset: 1,
                  // The flag's colour at full strength: text and border at least 4.5:1 on the paper
                  // (MUI draws an outlined button's border at half its colour's strength).
                  ...(entry.flagged && !entry.answered
                    ? { borderColor: 'warning.dark', color: 'warning.dark', '&:hover': { borderColor: 'warning.dark' } }
                    : {}),
                  ...(entry.flagged && entry.answered
                    ? { bgcolor: 'warning.dark', color: 'warning.contrastText', '&:hover': { bgcolor: 'warning.dark' } }
                    : {}),
                }}
                data-testid="question-map-button"
              >
                <bdi>{number}</bdi>
                {entry.flagged && <FlagIcon fontSize="inherit" sx={{ ms: 0.25 }} />}
              </Button>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
