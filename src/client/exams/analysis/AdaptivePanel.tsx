import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdaptiveAnalysis } from '../../../common/contracts/index';
import { nameOf } from '../../i18n/recordName';
import { FigureCards, type Figure } from './FigureCards';
import { useStatisticFormat } from './useStatisticFormat';

const COLUMNS = ['position', 'given', 'exposure', 'difficulty', 'ability_correlation'] as const;

/**
 * An adaptive exam's use of its pool and the precision it reached (issue 43): the test's figures as
 * cards, then each pool question's exposure, bank difficulty and correlation with the measured
 * ability, the most exposed first.
 */
export function AdaptivePanel({ adaptive }: { adaptive: AdaptiveAnalysis }) {
  const translate = useTranslate();
  const { number, share, language } = useStatisticFormat();
  const t = (key: string, options?: object) => translate(`item_analysis.adaptive.${key}`, options);
  const figures: Figure[] = [
    ['measured', number(adaptive.measured, 0)],
    [
      'mean_length',
      number(adaptive.mean_length, 1),
      t('length_rule', { min: number(adaptive.min_questions, 0), max: number(adaptive.max_questions, 0) }),
    ],
    ['mean_se', number(adaptive.mean_se), t('se_target', { target: number(adaptive.se_target) })],
    ['reached_target', share(adaptive.reached_target)],
    ['mean_information', number(adaptive.mean_information, 1)],
    ['reliability', number(adaptive.reliability, 3), t('reliability_note')],
    ['pool_used', number(adaptive.pool_used, 0), t('pool_of', { pool: number(adaptive.pool, 0) })],
    ['max_exposure', share(adaptive.max_exposure)],
  ];
  const rows = [...adaptive.questions].sort((a, b) => b.given - a.given || a.position - b.position);
  return (
    <Box data-testid="adaptive-analysis">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('title', { scale: nameOf(adaptive.scale, language) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('help', { min: number(adaptive.min_seen, 0) })}
      </Typography>
      <FigureCards figures={figures} label={t} cardTestId="adaptive-figure" minWidth={180} />
      <TableContainer>
        <Table size="small">
          <caption>{t('caption')}</caption>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} scope="col">
                  {t(column)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid="adaptive-question-row">
                <TableCell component="th" scope="row">
                  {number(row.position, 0)}
                </TableCell>
                <TableCell>{number(row.given, 0)}</TableCell>
                <TableCell>{share(row.exposure)}</TableCell>
                <TableCell>{number(row.difficulty)}</TableCell>
                <TableCell>{number(row.ability_correlation)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
