import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RosterImport } from '../providers/rosterMethods';
import { ProblemsTable } from './ProblemsTable';
import { ResultFileButton } from './ResultFileButton';
import { ImportOverview } from '../components/import-flow';
import { formatDay } from '../format';
import { useLanguage } from '../i18n/recordName';

/** The figures of a dry run or an import: `incomplete` rows are imported all the same (issue 40). */
export const ROSTER_FIGURES = [
  'create',
  'update',
  'unchanged',
  'errors',
  'incomplete',
  'skipped',
  'new_classes',
] as const;

/** An encoding as people write it (`windows-1256` -> Windows-1256, `utf-16le` -> UTF-16LE). */
const encodingName = (encoding: string) =>
  encoding.startsWith('windows-') ? `Windows-${encoding.slice('windows-'.length)}` : encoding.toUpperCase();

/**
 * What a dry run found: the file's format and encoding, its figures and every problem, errors (to
 * correct before importing) and what rows leave out (imported all the same, as incomplete).
 */
export function ImportReport({ report }: { report: RosterImport }) {
  const translate = useTranslate();
  const language = useLanguage();
  const facts: [string, string][] = [
    [translate('roster.page.format'), translate(`roster.page.formats.${report.format}`)],
  ];
  if (report.encoding) facts.push([translate('roster.page.encoding'), encodingName(report.encoding)]);
  // Which grade each OneRoster grade code was read as: the mapping an administrator set (issue 40).
  if (report.grade_codes?.length)
    facts.push([
      translate('roster.page.grade_codes'),
      report.grade_codes.map((c) => translate('roster.page.grade_code', { code: c.code, grade: c.grade })).join(' · '),
    ]);
  // The school year the file is for (OneRoster's academicSessions.csv, issue 40), and a word when it has ended.
  const years = report.school_years ?? [];
  if (years.length > 0) facts.push([translate('roster.page.school_year'), years.map((y) => y.title).join(' · ')]);
  const ended = years.filter((y) => y.ended);
  return (
    <Box data-testid="roster-report" sx={{ mt: 2 }}>
      <ImportOverview
        facts={facts}
        heading="roster.page.summary_heading"
        summary={report.summary}
        figures={ROSTER_FIGURES}
        prefix="roster.page.summary"
        testId="roster-summary"
      />
      {ended.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="roster-year-ended">
          {translate('roster.page.school_year_ended', {
            year: ended.map((y) => y.title).join(' · '),
            date: formatDay(ended.at(-1)!.end, language),
          })}
        </Alert>
      )}
      {report.summary.errors > 0 ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('roster.page.fix_first')}
        </Alert>
      ) : report.summary.incomplete > 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('roster.page.incomplete_text')}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mt: 2 }}>
          {translate('roster.page.no_problems')}
        </Alert>
      )}
      {report.rows.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
            {translate('roster.page.rows_heading')}
          </Typography>
          <ProblemsTable rows={report.rows} />
          <ResultFileButton report={report} />
        </>
      )}
    </Box>
  );
}
