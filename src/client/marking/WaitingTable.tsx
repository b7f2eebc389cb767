import { Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { WaitingExam } from '../../common/contracts/index';
import { formatDateTime, formatNumber } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { decidingStudentsPath, waitingStudentsPath } from './paths';

const noWrap = { whiteSpace: 'nowrap' } as const;

/**
 * One row per exam with work waiting for the marker: its name (to its students not yet
 * corrected), how many wait per sheet (the deciding ones to the answers that need a deciding mark),
 * and since when. Second and deciding marks belong to double marking only.
 */
export function WaitingTable({ exams }: { exams: WaitingExam[] }) {
  const translate = useTranslate();
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const label = (key: string) => translate(`homes.waiting.${key}`);
  return (
    <Table size="small" aria-label={label('title')} sx={{ maxWidth: 1200 }}>
      <TableHead>
        <TableRow>
          <TableCell>{label('exam')}</TableCell>
          <TableCell align="right">{label('first')}</TableCell>
          <TableCell align="right">{label('second')}</TableCell>
          <TableCell align="right">{label('deciding')}</TableCell>
          <TableCell align="right">{label('total')}</TableCell>
          <TableCell>{label('oldest')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {exams.map((exam) => {
          const name = nameOf(exam, language);
          const double = (value: number) => (exam.double_marking ? number(value) : '—');
          return (
            <TableRow key={exam.exam_id} data-testid="waiting-exam">
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Link
                    component={RouterLink}
                    to={waitingStudentsPath(exam.exam_id)}
                    aria-label={translate('homes.waiting.open', { exam: name })}
                  >
                    {name}
                  </Link>
                  {exam.double_marking && <Chip size="small" variant="outlined" label={label('double')} />}
                  {exam.anonymous_marking && <Chip size="small" variant="outlined" label={label('anonymous')} />}
                </Stack>
              </TableCell>
              <TableCell align="right">{number(exam.counts.first)}</TableCell>
              <TableCell align="right">{double(exam.counts.second)}</TableCell>
              <TableCell align="right">
                {exam.counts.deciding > 0 ? (
                  <Link
                    component={RouterLink}
                    to={decidingStudentsPath(exam.exam_id)}
                    aria-label={translate('homes.waiting.open_deciding', { exam: name })}
                  >
                    {number(exam.counts.deciding)}
                  </Link>
                ) : (
                  double(exam.counts.deciding)
                )}
              </TableCell>
              <TableCell align="right">{number(exam.counts.total)}</TableCell>
              <TableCell sx={noWrap}>{formatDateTime(exam.oldest_submitted_at, language)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
