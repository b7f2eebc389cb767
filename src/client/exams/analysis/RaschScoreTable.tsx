import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RaschCalibration } from '../../../common/contracts/index';
import { useStatisticFormat } from './useStatisticFormat';

/** The person side of the calibration: each raw score's ability and standard error, and how many students had it. */
export function RaschScoreTable({ scores }: { scores: RaschCalibration['scores'] }) {
  const translate = useTranslate();
  const { number } = useStatisticFormat();
  const t = (key: string) => translate(`item_analysis.rasch.${key}`);
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 3 }} id="rasch-scores-title">
        {t('scores')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('scores_help')}
      </Typography>
      {/* A long exam has many scores: the table scrolls under its header, as a focusable region. */}
      <TableContainer
        sx={{ maxHeight: 360 }}
        tabIndex={0}
        role="region"
        aria-labelledby="rasch-scores-title"
        data-testid="rasch-scores"
      >
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {['raw_score', 'ability', 'se', 'students'].map((column) => (
                <TableCell key={column}>{t(column)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {scores.map((row) => (
              <TableRow key={row.raw_score}>
                <TableCell>{number(row.raw_score, 0)}</TableCell>
                <TableCell>{number(row.ability)}</TableCell>
                <TableCell>{number(row.se)}</TableCell>
                <TableCell>{number(row.persons, 0)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
