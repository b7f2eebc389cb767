import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookmarkBooklet } from '../../common/contracts/index';
import { PERFORMANCE_LEVELS } from '../../common/reports/index';
import { formatNumber } from '../format';
import { useLanguage } from '../i18n/recordName';
import { levelUnder, LEVEL_COLOURS, type DraftCuts } from './cutLevels';

/** The students' latest scaled scores in bands, each coloured by the level the cuts placed so far give it. */
export function ScoreDistribution({ students, cuts }: { students: BookmarkBooklet['students']; cuts: DraftCuts }) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string, options?: object) => translate(`calibrations.bookmark.${key}`, options);
  const most = Math.max(1, ...students.bins.map((bin) => bin.count));
  const counts = new Map(PERFORMANCE_LEVELS.map((level) => [level, 0]));
  for (const bin of students.bins) {
    const level = levelUnder(cuts, bin.from);
    if (level) counts.set(level, counts.get(level)! + bin.count);
  }
  return (
    <Box data-testid="distribution">
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
        {t('distribution', { count: formatNumber(students.total, language) })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {students.bins.map((bin) => {
          const level = levelUnder(cuts, bin.from);
          return (
            <Box component="li" key={bin.from} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13 }}>
              <Box sx={{ width: 72, flexShrink: 0 }}>
                {/* A range of scores reads low to high, left to right, in an Arabic line too. */}
                <bdi dir="ltr">
                  {t('band', { from: formatNumber(bin.from, language), to: formatNumber(bin.to - 1, language) })}
                </bdi>
              </Box>
              <Box
                aria-hidden
                sx={{
                  height: 12,
                  width: `${(bin.count / most) * 70}%`,
                  bgcolor: level ? LEVEL_COLOURS[level] : 'grey.500',
                }}
              />
              <span>{formatNumber(bin.count, language)}</span>
            </Box>
          );
        })}
      </Box>
      {levelUnder(cuts, 0) !== null && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="level-counts">
          {PERFORMANCE_LEVELS.map((level) =>
            t('level_count', {
              level: translate(`reports.pdf.growth.levels.${level}`),
              count: formatNumber(counts.get(level)!, language),
            }),
          ).join(' · ')}
        </Typography>
      )}
    </Box>
  );
}
