import { Button, Stack, Typography } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { listPermissions } from '../../common/permission-catalog';
import { useAccess } from '../auth';
import { PageHeading } from '../components/PageHeading';
import { useLanguage } from '../i18n/recordName';
import { useAppDataProvider } from '../providers/appDataProvider';
import { ImportSection } from './ImportSection';
import { RolloverSection } from './RolloverSection';
import { ROSTER_ACCESS } from './permissions';
import { DownloadSection } from '../components/import-flow';

const ROSTER_FORMATS = ['csv', 'xlsx'] as const;

/**
 * Bringing students in and out (issue 25): the template in the console's language, an import
 * (dry run, then the job), and the export. schemas/students.ts mounts it at /settings/roster for
 * the `rosters` area; import and export show only with their own permissions.
 */
export default function RosterPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const dataProvider = useAppDataProvider();
  return (
    <>
      <PageHeading title={translate('roster.page.title')} />
      <Typography sx={{ mb: 2, maxWidth: 960 }}>{translate('roster.page.intro')}</Typography>
      {/* School staff do not see System settings: their students and classes are reached from here. */}
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        {access.allows({ anyOf: listPermissions('students') }) && (
          <Button component={RouterLink} to="/settings/students" variant="outlined" startIcon={<PeopleIcon />}>
            {translate('roster.page.students_link')}
          </Button>
        )}
        {access.allows({ anyOf: listPermissions('schools') }) && (
          <Button component={RouterLink} to="/settings/schools" variant="outlined" startIcon={<SchoolIcon />}>
            {translate('roster.page.schools_link')}
          </Button>
        )}
      </Stack>
      <DownloadSection
        title="roster.page.template_heading"
        text="roster.page.template_text"
        testId="roster-template"
        variants={ROSTER_FORMATS}
        labels={{ csv: 'roster.page.template_csv', xlsx: 'roster.page.template_xlsx' }}
        request={(format) => dataProvider.rosterTemplate(format, language)}
      />
      {access.allows({ anyOf: ROSTER_ACCESS.import }) && <ImportSection />}
      {access.allows({ anyOf: ROSTER_ACCESS.download }) && (
        <DownloadSection
          title="roster.page.export_heading"
          text="roster.page.export_text"
          testId="roster-export"
          variants={ROSTER_FORMATS}
          labels={{ csv: 'roster.page.export_csv', xlsx: 'roster.page.export_xlsx' }}
          request={(format) => dataProvider.exportStudents(format, language)}
        />
      )}
      {access.allows({ anyOf: ROSTER_ACCESS.rollover }) && <RolloverSection />}
    </>
  );
}
