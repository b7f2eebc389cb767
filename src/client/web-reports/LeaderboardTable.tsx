import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LeaderboardRow, WebReportResults } from '../../common/contracts/index';
import { nameOf, useLanguage } from '../i18n/recordName';
import { formatCount, formatPercent } from './formatFigures';

/** The top and lowest students of one school, round and grade; otherwise the server's reason (SPEC section 9). */
export function LeaderboardTable({ results }: { results: WebReportResults }) {
  const translate = useTranslate();
  if (!results.leaderboard)
    return (
      <Alert severity="info" data-testid="leaderboard-rule">
        {results.leaderboard_message}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2 }}>
      <Rows title={translate('web_reports.leaderboard.top')} rows={results.leaderboard.top} testId="leaderboard-top" />
      {results.leaderboard.lowest.length > 0 && (
        <Rows
          title={translate('web_reports.leaderboard.lowest')}
          rows={results.leaderboard.lowest}
          testId="leaderboard-lowest"
        />
      )}
    </Box>
  );
}

function Rows({ title, rows, testId }: { title: string; rows: LeaderboardRow[]; testId: string }) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string) => translate(`web_reports.leaderboard.${key}`);
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('rank')}</TableCell>
            <TableCell>{t('student')}</TableCell>
            <TableCell>{t('class')}</TableCell>
            <TableCell>{t('percent')}</TableCell>
            <TableCell>{t('tier')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.student.id}-${row.academic_year?.id ?? 0}`}>
              <TableCell>{formatCount(row.rank, language)}</TableCell>
              <TableCell>{nameOf(row.student, language)}</TableCell>
              <TableCell>{nameOf(row.school_class, language)}</TableCell>
              <TableCell>{formatPercent(row.percent, language)}</TableCell>
              <TableCell>{translate(`web_reports.tiers.${row.tier}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
