import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdaptiveSimulation } from '../../common/contracts/index';
import { PRECISION_SHARE } from '../../common/statistics/index';
import { formatShare, formatStatistic } from '../format';
import { useLanguage } from '../i18n/recordName';

/**
 * A simulation's overall figures and its two verdicts: the precision for the middle 90% and,
 * under Sympson–Hetter, the exposure ceiling.
 */
export function SimulationSummary({
  result,
  seTarget,
  ceiling,
}: {
  result: AdaptiveSimulation;
  /** The rules the simulation ran with, for the verdicts' wording. */
  seTarget: number;
  ceiling: number | undefined;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string, options?: object) => translate(`calibrations.simulator.${key}`, options);
  const num = (value: number, digits = 2) => formatStatistic(value, language, digits);
  const share = (value: number) => formatShare(value, language, 1);
  const { report, prior } = result;
  const figures: [string, string][] = [
    ['pool', num(result.pool, 0)],
    [
      'prior',
      prior.from_students
        ? t('prior_students', { mean: num(prior.mean), sd: num(prior.sd), count: num(prior.students, 0) })
        : t('prior_normal', { count: num(prior.students, 0) }),
    ],
    ['mean_length', num(report.mean_length, 1)],
    ['mean_se', num(report.mean_se)],
    ['bias', num(report.bias, 3)],
    ['rmse', num(report.rmse, 3)],
    ['max_exposure', share(report.max_exposure)],
    ['pool_used', t('pool_used_value', { used: num(report.pool_used, 0), pool: num(result.pool, 0) })],
    ['content_met', share(report.content_met)],
    ['middle_reached', share(report.middle_reached)],
  ];
  const precision = {
    share: share(report.middle_reached),
    target: formatStatistic(seTarget, language, 2, 2),
    needed: formatShare(PRECISION_SHARE, language),
  };
  return (
    <Box>
      <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
        <Alert severity={result.meets_precision ? 'success' : 'warning'} data-testid="verdict-precision">
          {t(result.meets_precision ? 'meets_precision' : 'misses_precision', precision)}
        </Alert>
        {result.meets_exposure !== null && ceiling !== undefined && (
          <Alert severity={result.meets_exposure ? 'success' : 'warning'} data-testid="verdict-exposure">
            {t(result.meets_exposure ? 'meets_exposure' : 'misses_exposure', {
              ceiling: share(ceiling),
              max: share(report.max_exposure),
            })}
          </Alert>
        )}
      </Box>
      <Table size="small" sx={{ maxWidth: 720, captionSide: 'top' }} data-testid="simulation-summary">
        <caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 'bold' }}>
          {t('summary_caption', { students: num(report.students, 0) })}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('figure')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('value')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {figures.map(([name, value]) => (
            <TableRow key={name} data-testid={`figure-${name}`}>
              <TableCell component="th" scope="row">
                {t(`figures.${name}`)}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
