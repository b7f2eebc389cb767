import { Button, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { HomeReport } from '../../common/contracts/index';
import { REPORT_TYPE } from '../../common/reports/index';
import { formatDateTime } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { REPORT_PATHS } from '../reports';
import { HomeSection } from './HomeSection';

/** The school's latest generated reports, each to the Report Viewer (a ZIP bundle has none), and the way to all of them. */
export function LatestReports({ schoolId, reports }: { schoolId: number; reports: HomeReport[] }) {
  const translate = useTranslate();
  const language = useLanguage();
  const label = (key: string) => translate(`homes.school.reports.${key}`);
  const all = (
    <Button size="small" component={RouterLink} to={REPORT_PATHS.reports({ school_id: schoolId })}>
      {label('all')}
    </Button>
  );
  return (
    <HomeSection title={label('title')} empty={reports.length === 0 ? label('empty') : null} action={all}>
      <Table size="small" aria-label={label('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{label('report')}</TableCell>
            <TableCell>{label('exam')}</TableCell>
            <TableCell>{label('language')}</TableCell>
            <TableCell>{label('generated_at')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((report) => (
            <TableRow key={report.id} data-testid="home-report">
              <TableCell>
                {report.type.id === REPORT_TYPE.bundle ? (
                  nameOf(report.type, language)
                ) : (
                  // Named by what it shows: its kind and whom it is about ("Student report: Omar Khalil").
                  <Link component={RouterLink} to={REPORT_PATHS.viewer(report.id, language)}>
                    {translate('homes.school.reports.report_of', {
                      type: nameOf(report.type, language),
                      subject: nameOf(report.subject, language),
                    })}
                  </Link>
                )}
              </TableCell>
              <TableCell>{nameOf(report.exam, language)}</TableCell>
              <TableCell>{translate(`report_screens.reports.languages.${report.language}`)}</TableCell>
              <TableCell>{formatDateTime(report.generated_at, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </HomeSection>
  );
}
