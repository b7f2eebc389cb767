import { Alert, Box, Button, Link } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SchoolStatus } from '../../../common/contracts/index';
import { useAccess } from '../../auth';
import { PageHeading } from '../../components/PageHeading';
import { StatusChip } from '../../components/StatusChip';
import { formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { REPORT_PERMISSIONS } from '../access';
import { DataTable, type Column } from '../common/DataTable';
import { useSchoolStatuses } from '../common/queries';
import { SearchField } from '../common/SearchField';
import { useUrlList } from '../common/urlList';
import { useReportActions } from '../common/useReportActions';
import { REPORT_PATHS } from '../paths';
import { SchoolActions } from './SchoolActions';
import { StatusDialog } from './StatusDialog';

interface School {
  id: number;
  name_en: string;
  name_ar: string;
}
const DEFAULTS = { sort: 'id', order: 'asc' } as const;

/**
 * `/schools-list` (SPEC section 2): the caller's schools with their correction status, reports and
 * report migration, and the actions on them. The list is the schools resource; the statuses come
 * for the schools on the page.
 */
export function SchoolsListPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const { list, update } = useUrlList(DEFAULTS);
  const schools = useGetList<School>('schools', {
    pagination: { page: list.page, perPage: list.perPage },
    sort: { field: list.sort, order: list.order === 'asc' ? 'ASC' : 'DESC' },
    filter: list.search ? { q: list.search } : {},
  });
  const ids = schools.data?.map((s) => s.id) ?? [];
  const statuses = useSchoolStatuses(ids);
  const statusOf = (id: number) => statuses.data?.find((s) => s.school_id === id);
  const actions = useReportActions();
  const [dialog, setDialog] = useState(false);
  const label = (key: string) => translate(`report_screens.schools.${key}`);
  const chip = (pick: (s: SchoolStatus) => SchoolStatus['correction_status']) => (row: School) => {
    const status = statusOf(row.id);
    return status ? <StatusChip status={pick(status)} /> : null;
  };
  const migrating = (statuses.data ?? []).filter((s) => s.migration.status.key === 'migrating');

  const columns: Column<School>[] = [
    { key: 'id', label: '#', sort: 'id', render: (row) => formatNumber(row.id, language) },
    {
      key: 'name',
      label: label('name'),
      sort: language === 'ar' ? 'name_ar' : 'name_en',
      render: (row) => (
        <Link component={RouterLink} to={REPORT_PATHS.grades(row.id)}>
          {nameOf(row, language)}
        </Link>
      ),
    },
    {
      key: 'students',
      label: label('students'),
      render: (row) => formatNumber(statusOf(row.id)?.students_count ?? 0, language),
    },
    {
      key: 'exams',
      label: label('exams'),
      render: (row) => formatNumber(statusOf(row.id)?.exams_count ?? 0, language),
    },
    { key: 'correction', label: label('correction_status'), render: chip((s) => s.correction_status) },
    { key: 'reports', label: label('report_status'), render: chip((s) => s.report_status) },
    { key: 'migration', label: label('migration'), render: chip((s) => s.migration.status) },
    { key: 'actions', label: label('actions'), render: (row) => <SchoolActions schoolId={row.id} actions={actions} /> },
  ];

  return (
    <>
      <PageHeading
        title={label('title')}
        actions={
          access.allows({ anyOf: REPORT_PERMISSIONS.generate }) && (
            <Button variant="contained" onClick={() => setDialog(true)} disabled={actions.busy !== null}>
              {label('by_status')}
            </Button>
          )
        }
      />
      {migrating.map((status) => {
        const school = schools.data?.find((s) => s.id === status.school_id);
        return (
          <Alert key={status.school_id} severity="info" sx={{ mb: 2 }} data-testid="migrating-notice">
            {translate('report_screens.schools.migrating', { school: nameOf(school, language) })}
          </Alert>
        );
      })}
      <Box sx={{ mb: 2 }}>
        <SearchField value={list.search} onSearch={(search) => update({ search })} />
      </Box>
      <DataTable
        testId="schools-list"
        rows={schools.data}
        columns={columns}
        list={list}
        total={schools.total}
        loading={schools.isPending}
        fetching={schools.isFetching || statuses.isFetching}
        error={schools.isError || statuses.isError}
        onChange={update}
      />
      <StatusDialog open={dialog} onClose={() => setDialog(false)} onGenerate={actions.generateByStatus} />
    </>
  );
}
