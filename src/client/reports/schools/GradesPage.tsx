import { Button, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { SchoolGrade } from '../../../common/contracts/index';
import { useAccess } from '../../auth';
import { PageHeading } from '../../components/PageHeading';
import { StatusChip } from '../../components/StatusChip';
import { formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { REPORT_PERMISSIONS } from '../access';
import { DataTable, type Column } from '../common/DataTable';
import { crumbLabel, DrillDownBreadcrumbs } from '../common/DrillDownBreadcrumbs';
import { useSchoolGrades } from '../common/queries';
import { useUrlList } from '../common/urlList';
import { useReportActions } from '../common/useReportActions';
import { REPORT_PATHS } from '../paths';

const DEFAULTS = { sort: 'id', order: 'asc' } as const;

/** `/grades?school_id=` (SPEC section 2): a school's grades with their statuses, and their reports. */
export function GradesPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const schoolId = Number(useSearchParams()[0].get('school_id'));
  const { list, update } = useUrlList(DEFAULTS);
  const grades = useSchoolGrades(schoolId, list);
  const actions = useReportActions();
  const label = (key: string) => translate(`report_screens.grades.${key}`);
  const school = grades.data?.breadcrumbs[1];
  const number = (value: number) => formatNumber(value, language);
  const columns: Column<SchoolGrade>[] = [
    {
      key: 'name',
      label: label('name'),
      sort: 'name',
      render: (row) => (
        <Link component={RouterLink} to={REPORT_PATHS.students(schoolId, row.id)}>
          {nameOf(row, language)}
        </Link>
      ),
    },
    { key: 'classes', label: label('classes'), render: (row) => number(row.classes_count) },
    { key: 'students', label: label('students'), render: (row) => number(row.students_count) },
    {
      key: 'correction',
      label: label('correction_status'),
      render: (row) => <StatusChip status={row.correction_status} />,
    },
    { key: 'reports', label: label('report_status'), render: (row) => <StatusChip status={row.report_status} /> },
  ];
  if (access.allows({ anyOf: REPORT_PERMISSIONS.generate }))
    columns.push({
      key: 'actions',
      label: translate('report_screens.schools.actions'),
      render: (row) => (
        <Button size="small" disabled={actions.busy !== null} onClick={() => actions.generateGrade(schoolId, row.id)}>
          {label('generate')}
        </Button>
      ),
    });
  return (
    <>
      <DrillDownBreadcrumbs trail={grades.data?.breadcrumbs} />
      <PageHeading
        title={
          // A school the reader cannot open (another's) has no name to show: the bare title, no dangling colon.
          school
            ? translate('report_screens.grades.title', { school: crumbLabel(school, language) })
            : translate('report_screens.grades.plain_title')
        }
      />
      <DataTable
        testId="grades-list"
        rows={grades.data?.data}
        columns={columns}
        list={list}
        total={grades.data?.meta.total}
        loading={grades.isPending}
        fetching={grades.isFetching}
        error={grades.error}
        onChange={update}
      />
    </>
  );
}
