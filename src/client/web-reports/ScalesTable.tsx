import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ScaleFigures } from '../../common/contracts/index';
import { PERFORMANCE_LEVELS } from '../../common/reports/index';
import { nameOf, useLanguage } from '../i18n/recordName';
import { formatCount, formatPercent } from './formatFigures';

/**
 * The selection on each reporting scale (issue 42): students measured, their mean scaled score and
 * how many are at each performance level, with a line that says what the scale is.
 */
export function ScalesTable({ scales }: { scales: ScaleFigures[] }) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string) => translate(`web_reports.scales.${key}`);
  return (
    <Box component="section" aria-labelledby="web-report-scales" data-testid="scales">
      <Typography variant="h6" component="h2" id="web-report-scales" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('note')}
      </Typography>
      <Table size="small" data-testid="scales-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('scale')}</TableCell>
            <TableCell>{t('measured')}</TableCell>
            <TableCell>{t('mean')}</TableCell>
            {PERFORMANCE_LEVELS.map((level) => (
              <TableCell key={level}>{t(`levels.${level}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {scales.map((scale) => (
            <TableRow key={scale.id}>
              <TableCell>{nameOf(scale, language)}</TableCell>
              <TableCell>{formatCount(scale.measured, language)}</TableCell>
              <TableCell>{scale.mean_score === null ? '—' : formatCount(scale.mean_score, language)}</TableCell>
              {scale.levels.length === 0 ? (
                <TableCell colSpan={PERFORMANCE_LEVELS.length}>{t('no_cuts')}</TableCell>
              ) : (
                scale.levels.map((level) => (
                  <TableCell key={level.key}>
                    {formatCount(level.count, language)} ({formatPercent(level.share, language)})
                  </TableCell>
                ))
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {scales
        .filter((scale) => scale.leveled > 0 && scale.leveled < scale.measured)
        .map((scale) => (
          <Typography key={scale.id} variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
            {translate('web_reports.scales.placed', {
              scale: nameOf(scale, language),
              placed: formatCount(scale.leveled, language),
              measured: formatCount(scale.measured, language),
            })}
          </Typography>
        ))}
    </Box>
  );
}
