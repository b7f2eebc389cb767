import { Alert, Box, Button, Chip, LinearProgress, Paper, Toolbar, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { ListPaginationContext, useTranslate, type ListPaginationContextValue } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { ListPagination } from '../../components/ListPagination';
import { PageHeading } from '../../components/PageHeading';
import { formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import {
  hasFilters,
  listApiQuery,
  listSearch,
  readListState,
  type FilterKey,
  type ListState,
  type SortKey,
} from '../listState';
import { useAssignedFilters, useAssignedStudents } from '../queries';
import { StatusChip } from '../../components/StatusChip';
import { StudentFilters } from './StudentFilters';
import { StudentsTable, type RowId } from './StudentsTable';

/** The exam's name, its rolled-up correction status and its marking settings. */
function ExamSummary({ examId, filters }: { examId: number; filters: ReturnType<typeof useAssignedFilters>['data'] }) {
  const translate = useTranslate();
  const language = useLanguage();
  if (!filters) return null;
  const { exam } = filters;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }} data-testid="exam-summary">
      <Typography color="text.secondary" sx={{ marginInlineEnd: 1 }}>
        {translate('exam_students.of_exam', { id: formatNumber(examId, language), name: nameOf(exam, language) })}
      </Typography>
      <StatusChip
        status={exam.correction_status}
        variant="filled"
        label={translate('exam_students.exam_correction', { status: nameOf(exam.correction_status, language) })}
        data-testid="exam-correction-status"
      />
      {exam.double_marking && <Chip size="small" label={translate('exam_students.double_marking')} />}
      {exam.anonymous_marking && <Chip size="small" label={translate('exam_students.anonymous_marking')} />}
      {exam.is_mock && <Chip size="small" color="info" label={translate('exam_students.mock')} />}
    </Box>
  );
}

/**
 * `/exams/{id}/preview/students` (SPEC sections 2 and 4): the exam's assigned students. The
 * page, order, search and filters live in the address in the API's dialect, so a reload, the
 * back button and the correction screen's previous and next all keep them. Every change but a
 * page turn goes back to page 1.
 */
export function ExamStudentsPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const examId = Number(useParams<{ id: string }>().id);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => readListState(search), [search]);
  const filters = useAssignedFilters(examId);
  const students = useAssignedStudents(examId, state);
  // The selection belongs to the rows in view: another page, search, filter or order clears it,
  // so its count never takes in rows that are no longer shown.
  const listQuery = useMemo(() => listApiQuery(state).toString(), [state]);
  const [selection, setSelection] = useState<{ query: string; ids: RowId[] }>({ query: listQuery, ids: [] });
  const selected = selection.query === listQuery ? selection.ids : [];
  const setSelected = useCallback((ids: RowId[]) => setSelection({ query: listQuery, ids }), [listQuery]);

  const update = useCallback(
    (change: Partial<ListState>) =>
      setParams((previous) => listSearch({ ...readListState(previous), page: 1, ...change }), { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((text: string) => update({ search: text }), [update]);
  const onFilter = useCallback(
    (key: FilterKey, ids: number[]) =>
      setParams(
        (previous) => {
          const current = readListState(previous);
          const next = { ...current.filters, [key]: ids };
          // A class of a school no longer chosen would hide every row.
          if (key === 'student.school_id' && ids.length > 0) {
            const kept = new Set(
              (filters.data?.school_classes ?? []).filter((cls) => ids.includes(cls.school_id)).map((cls) => cls.id),
            );
            next['student.school_class_id'] = next['student.school_class_id'].filter((id) => kept.has(id));
          }
          return listSearch({ ...current, page: 1, filters: next });
        },
        { replace: true },
      ),
    [filters.data, setParams],
  );
  const onSort = (sort: SortKey) =>
    update({ sort, order: state.sort === sort && state.order === 'asc' ? 'desc' : 'asc' });

  const meta = students.data?.meta;
  const pagination: ListPaginationContextValue = {
    isLoading: students.isLoading,
    isPending: students.isPending,
    page: state.page,
    perPage: state.perPage,
    total: meta?.total,
    hasNextPage: meta ? meta.next_page !== null : false,
    hasPreviousPage: state.page > 1,
    setPage: (page) => update({ page }),
    setPerPage: (perPage) => update({ perPage }),
    resource: 'exam-students',
  };
  const rows = students.data?.data ?? [];
  // Until the exam's settings arrive, rows without a school are the sign of anonymous marking.
  const anonymous = filters.data
    ? filters.data.exam.anonymous_marking
    : rows.length > 0 && rows.every((row) => row.school === null);

  return (
    <>
      <PageHeading title={translate('exam_students.title')} back={{ to: '/exams', label: 'exam_students.back' }} />
      <ExamSummary examId={examId} filters={filters.data} />
      <StudentFilters
        state={state}
        filters={filters.data}
        onFilter={onFilter}
        onNeedsDeciding={(on) => update({ needsDeciding: on })}
        onSearch={onSearch}
        onClear={() => update({ search: '', needsDeciding: false, filters: readListState('').filters })}
      />
      {(students.isError || filters.isError) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('exam_students.fetch_error')}
        </Alert>
      )}
      <Paper variant="outlined">
        {selected.length > 0 && (
          <Toolbar variant="dense" sx={{ gap: 2, bgcolor: 'action.selected' }} data-testid="exam-students-selection">
            <Typography role="status">
              {translate('exam_students.selected', { count: formatNumber(selected.length, language) })}
            </Typography>
            <Button size="small" onClick={() => setSelected([])}>
              {translate('exam_students.clear_selection')}
            </Button>
          </Toolbar>
        )}
        {students.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {students.data && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="no-data">
            {translate(hasFilters(state) ? 'exam_students.no_match' : 'exam_students.empty')}
          </Typography>
        ) : (
          students.data && (
            <StudentsTable
              examId={examId}
              rows={rows}
              state={state}
              anonymous={anonymous}
              selected={selected}
              onSelect={setSelected}
              onSort={onSort}
              search={search}
            />
          )
        )}
        <ListPaginationContext.Provider value={pagination}>
          <ListPagination />
        </ListPaginationContext.Provider>
      </Paper>
    </>
  );
}
