import { Box, Button, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useAccess } from '../../auth';
import { REPORT_PERMISSIONS } from '../access';
import type { useReportActions } from '../common/useReportActions';
import { REPORT_PATHS } from '../paths';

/** A school's actions: its grades, its reports, and (with the permission) generating and migrating them. */
export function SchoolActions({
  schoolId,
  actions,
}: {
  schoolId: number;
  actions: ReturnType<typeof useReportActions>;
}) {
  const translate = useTranslate();
  const access = useAccess();
  const canGenerate = access.allows({ anyOf: REPORT_PERMISSIONS.generate });
  const canView = access.allows({ anyOf: REPORT_PERMISSIONS.view });
  const label = (key: string) => translate(`report_screens.schools.${key}`);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Link component={RouterLink} to={REPORT_PATHS.grades(schoolId)}>
        {label('grades')}
      </Link>
      {canView && (
        <Link component={RouterLink} to={REPORT_PATHS.reports({ school_id: schoolId })}>
          {label('reports')}
        </Link>
      )}
      {canGenerate && (
        <>
          <Button
            size="small"
            variant="outlined"
            disabled={actions.busy !== null}
            onClick={() => actions.generateNow(schoolId)}
          >
            {label('generate_now')}
          </Button>
          <Button size="small" disabled={actions.busy !== null} onClick={() => actions.generateSchool(schoolId)}>
            {label('generate_all')}
          </Button>
          <Button size="small" disabled={actions.busy !== null} onClick={() => actions.migrate(schoolId)}>
            {label('migrate')}
          </Button>
        </>
      )}
    </Box>
  );
}
