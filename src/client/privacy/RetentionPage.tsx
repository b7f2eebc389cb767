import {
  Alert,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { formatDateTime } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { useAppDataProvider } from '../providers/appDataProvider';
import { errorMessage } from '../providers/errors';

/** One table of the dry run: its heading with the count, its rows, or "nothing is due". */
function DueTable({
  id,
  heading,
  columns,
  rows,
}: {
  id: string;
  heading: string;
  columns: string[];
  rows: ReactNode[][];
}) {
  const translate = useTranslate();
  return (
    <Paper sx={{ p: 2, mb: 3, maxWidth: 1100 }} component="section" aria-labelledby={id}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('privacy.retention.nothing')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column}>{translate(`privacy.retention.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((cells, index) => (
                <TableRow key={index}>
                  {cells.map((cell, column) => (
                    <TableCell key={columns[column]}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/**
 * Privacy and retention (issue 45): the rules the server is set with and their dry run, the
 * recordings and the students the daily job would delete now. schemas/privacy.ts hangs it in the
 * system settings for administrators.
 */
export default function RetentionPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const provider = useAppDataProvider();
  const plan = useQuery({ queryKey: ['retention'], queryFn: ({ signal }) => provider.retentionPlan(signal) });
  const data = plan.data?.data;
  const school = (row: { school_en: string; school_ar: string }) =>
    nameOf({ name_en: row.school_en, name_ar: row.school_ar }, language);
  const number = (value: string) => <bdi dir="ltr">{value}</bdi>;
  return (
    <>
      <PageHeading title={translate('privacy.retention.title')} />
      <Typography sx={{ mb: 2, maxWidth: 960 }}>{translate('privacy.retention.intro')}</Typography>
      {plan.isError && <Alert severity="error">{errorMessage(plan.error)}</Alert>}
      {data && (
        <>
          <Paper sx={{ p: 2, mb: 3, maxWidth: 1100 }}>
            <Typography data-testid="retention-recordings-rule">
              {data.settings.recordings_days > 0
                ? translate('privacy.retention.recordings_rule', {
                    smart_count: data.settings.recordings_days,
                    days: data.settings.recordings_days,
                  })
                : translate('privacy.retention.recordings_kept')}
            </Typography>
            <Typography data-testid="retention-leavers-rule">
              {data.settings.leavers_years > 0
                ? translate('privacy.retention.leavers_rule', {
                    smart_count: data.settings.leavers_years,
                    years: data.settings.leavers_years,
                  })
                : translate('privacy.retention.leavers_kept')}
            </Typography>
          </Paper>
          <DueTable
            id="retention-recordings"
            heading={translate('privacy.retention.recordings_heading', { count: data.recordings.length })}
            columns={['student_number', 'school', 'exam', 'released_at']}
            rows={data.recordings.map((row) => [
              number(row.student_number),
              school(row),
              nameOf({ name_en: row.exam_en, name_ar: row.exam_ar }, language),
              formatDateTime(row.released_at, language),
            ])}
          />
          <DueTable
            id="retention-leavers"
            heading={translate('privacy.retention.leavers_heading', { count: data.leavers.length })}
            columns={['student_number', 'student', 'school', 'left_at']}
            rows={data.leavers.map((row) => [
              number(row.student_number),
              nameOf(row, language),
              school(row),
              formatDateTime(row.left_at, language),
            ])}
          />
        </>
      )}
    </>
  );
}
