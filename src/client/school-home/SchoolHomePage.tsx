import { Alert, LinearProgress, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchoolHome } from '../../common/contracts/index';
import { PageHeading } from '../components/PageHeading';
import { nameOf, useLanguage } from '../i18n/recordName';
import { LatestReports } from './LatestReports';
import { useSchoolHomes } from './queries';
import { ReleasedResults } from './ReleasedResults';
import { RunningExams } from './RunningExams';

function SchoolCard({ school }: { school: SchoolHome }) {
  const language = useLanguage();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, maxWidth: 1200 }} data-testid="school-home">
      <Typography variant="h5" component="h2">
        {nameOf(school, language)}
      </Typography>
      <RunningExams exams={school.running} />
      <ReleasedResults exams={school.released} />
      {school.reports && <LatestReports schoolId={school.id} reports={school.reports} />}
    </Paper>
  );
}

/**
 * `/my-school` (issue 26): school staff's home, for each of their schools the exams running now
 * (to the live monitor), the results released to its students and its latest reports.
 * schemas/school-home.ts hangs it in the header for school staff.
 */
export default function SchoolHomePage() {
  const translate = useTranslate();
  const homes = useSchoolHomes();
  return (
    <>
      <PageHeading title={translate('homes.school.title')} />
      {homes.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {homes.isError && <Alert severity="error">{translate('homes.fetch_error')}</Alert>}
      {homes.data?.length === 0 && (
        <Alert severity="info" sx={{ maxWidth: 960 }}>
          {translate('homes.school.no_schools')}
        </Alert>
      )}
      {homes.data?.map((school) => (
        <SchoolCard key={school.id} school={school} />
      ))}
    </>
  );
}
