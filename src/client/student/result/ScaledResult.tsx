import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AttemptView } from '../api';
import { formatCount, nameIn } from '../format';

type Scaled = NonNullable<NonNullable<AttemptView['result']>['scaled']>;

/**
 * An adaptive exam's result (issue 43): the scaled score on the skill's scale with its standard
 * error, and the performance level where the scale has cuts; never a percentage (different students
 * saw different questions).
 */
export function ScaledResult({ scaled }: { scaled: Scaled }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Typography sx={{ fontSize: '1.25rem' }} data-testid="result-score">
        {translate('student.result.scaled', {
          scale: nameIn(scaled, locale),
          score: formatCount(scaled.score, locale),
          se: formatCount(scaled.se, locale),
        })}
      </Typography>
      {scaled.level && (
        <Typography color="text.secondary" data-testid="result-level">
          {translate('student.result.level', { level: translate(`student.result.levels.${scaled.level}`) })}
        </Typography>
      )}
    </>
  );
}
