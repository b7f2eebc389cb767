import { Alert, Link } from '@mui/material';
import { useMemo, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportRecord } from '../../../common/contracts/index';
import { PENDING_REPORT_STATUSES, REPORT_TYPE } from '../../../common/reports/catalog';
import { useAccess } from '../../auth';
import { PageHeading } from '../../components/PageHeading';
import { StatusChip } from '../../components/StatusChip';
import { formatDateTime, formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { REPORT_PERMISSIONS } from '../access';
import { DataTable, type Column } from '../common/DataTable';
import { useReportFilters } from '../common/queries';
import { useUrlList } from '../common/urlList';
import { useReportActions } from '../common/useReportActions';
import { REPORT_PATHS } from '../paths';
import { DownloadBar } from './DownloadBar';
import { ReportFiltersBar } from './ReportFiltersBar';

const DEFAULTS = { sort: 'id', order: 'asc' } as const;
/** While a shown report is queued or being made, the list reads itself again this often. */
const REFRESH_MS = 3000;

/** `/generated-reports` (SPEC section 2): every report the user may see, its status, viewing and downloading. */
export function ReportsListPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const { list, update } = useUrlList(DEFAULTS);
  const isPending = (records: ReportRecord[] | undefined) =>
    Boolean(records?.some((row) => PENDING_REPORT_STATUSES.includes(row.status.id)));
  const reports = useGetList<ReportRecord>(
    'reports',
    {
      pagination: { page: list.page, perPage: list.perPage },
      sort: { field: list.sort, order: list.order === 'asc' ? 'ASC' : 'DESC' },
      filter: list.filters,
    },
    { refetchInterval: (query) => (isPending(query.state.data?.data) ? REFRESH_MS : false) },
  );
  const rows = reports.data;
  const stillPending = isPending(rows);
  const filters = useReportFilters(list.filters.school_class_id ?? '');
  const actions = useReportActions();
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const key = useMemo(() => JSON.stringify(list), [list]);
  // The selection belongs to the rows in view: another page, filter or order clears it.
  const selected = selection.key === key ? selection.ids : [];
  const canDownload = access.allows({ anyOf: REPORT_PERMISSIONS.download });
  const label = (name: string) => translate(`report_screens.reports.${name}`);
  const subject = (row: ReportRecord) =>
    row.student?.name || nameOf(row.school_class, language) || nameOf(row.grade, language);

  const columns: Column<ReportRecord>[] = [
    { key: 'id', label: label('id'), sort: 'id', render: (row) => formatNumber(row.id, language) },
    // The record's name is English only: the exam and the subject columns name it in the reader's language.
    // No sort here: the API's `name` sort orders by that English name, not by the exam.
    { key: 'exam', label: label('exam'), render: (row) => nameOf(row.exam, language) },
    { key: 'type', label: label('type'), sort: 'type', render: (row) => nameOf(row.type, language) },
    { key: 'school', label: label('school'), render: (row) => nameOf(row.school, language) },
    { key: 'subject', label: label('subject'), render: (row) => subject(row) || '—' },
    { key: 'round', label: label('round'), render: (row) => nameOf(row.round, language) },
    { key: 'year', label: label('academic_year'), render: (row) => nameOf(row.academic_year, language) || '—' },
    { key: 'language', label: label('language'), render: (row) => label(`languages.${row.language}`) },
    {
      key: 'modified',
      label: label('modified_at'),
      sort: 'modified_at',
      render: (row) => formatDateTime(row.modified_at, language),
    },
    { key: 'status', label: label('status'), sort: 'status', render: (row) => <StatusChip status={row.status} /> },
    {
      key: 'view',
      label: label('actions'),
      render: (row) =>
        row.type.id !== REPORT_TYPE.bundle && row.status.key === 'generated' ? (
          <Link component={RouterLink} to={REPORT_PATHS.viewer(row.id, language)}>
            {label('view')}
          </Link>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeading title={label('title')} />
      <ReportFiltersBar choices={filters.data} values={list.filters} onChange={(next) => update({ filters: next })} />
      {stillPending && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="reports-refreshing">
          {label('refreshing')}
        </Alert>
      )}
      {canDownload && selected.length > 0 && (
        <DownloadBar
          count={selected.length}
          busy={actions.busy !== null}
          onDownload={(files) => actions.download(files, selected)}
          onClear={() => setSelection({ key, ids: [] })}
        />
      )}
      <DataTable
        testId="reports-list"
        rows={rows}
        columns={columns}
        list={list}
        total={reports.total}
        loading={reports.isPending}
        fetching={reports.isFetching}
        error={reports.isError}
        onChange={update}
        selection={
          canDownload
            ? {
                ids: selected,
                onChange: (ids) => setSelection({ key, ids }),
                label: (row) => translate('report_screens.reports.select', { id: row.id }),
                all: label('select_all'),
              }
            : undefined
        }
      />
    </>
  );
}
