import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AssignedStudent } from '../../../common/contracts/index';
import { formatDateTime, formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import type { MarkingHandle } from '../../../common/correction/index';
import { correctionPath, CORRECTION_PERMISSIONS } from '../access';
import { useAccess } from '../../auth';
import type { ListState, SortKey } from '../listState';
import { StatusChip } from '../../components/StatusChip';
import { compactTableSx, nameColumnSx } from '../../components/listLayout';

interface StudentsTableProps {
  examId: number;
  rows: AssignedStudent[];
  state: ListState;
  anonymous: boolean;
  selected: RowId[];
  onSelect: (ids: RowId[]) => void;
  onSort: (sort: SortKey) => void;
  /** The list's address query, carried to the correction screen for its previous and next. */
  search: string;
}

const noWrap = { whiteSpace: 'nowrap' } as const;

// A sort label takes its direction from its parent (MUI): in a column, its arrow would go below it.
const stackedLabelsSx = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  '& .MuiTableSortLabel-root': { flexDirection: 'row' },
} as const;

/** A row's id: the assignment's, or under anonymous marking the code. */
export type RowId = AssignedStudent['id'];

/** How the row's correction is addressed: the student's id, or under anonymous marking the code. */
const handleOf = (row: AssignedStudent): MarkingHandle => row.code ?? row.student_id!;

/** The assigned students with row selection, a select-all toggle and sortable columns. */
export function StudentsTable({
  examId,
  rows,
  state,
  anonymous,
  selected,
  onSelect,
  onSort,
  search,
}: StudentsTableProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const mayRead = access.allows({ anyOf: CORRECTION_PERMISSIONS.responses });
  const mayMark = mayRead && access.allows({ anyOf: CORRECTION_PERMISSIONS.mark });
  const number = (value: number) => formatNumber(value, language);
  const ids = rows.map((row) => row.id);
  const chosen = ids.filter((id) => selected.includes(id));
  const allSelected = ids.length > 0 && chosen.length === ids.length;
  const column = (key: string) => translate(`exam_students.columns.${key}`);

  const sortLabel = (sort: SortKey, label: string) => (
    <TableSortLabel
      active={state.sort === sort}
      direction={state.sort === sort ? state.order : 'asc'}
      onClick={() => onSort(sort)}
    >
      {label}
    </TableSortLabel>
  );
  const sortable = (sort: SortKey, label: string, sx?: SxProps<Theme>) => (
    <TableCell sx={sx} sortDirection={state.sort === sort ? state.order : false}>
      {sortLabel(sort, label)}
    </TableCell>
  );

  return (
    <Box sx={compactTableSx}>
      <Table size="small" data-testid="exam-students-table">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected}
                indeterminate={chosen.length > 0 && !allSelected}
                onChange={() =>
                  onSelect(
                    allSelected ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])],
                  )
                }
                slotProps={{ input: { 'aria-label': translate('exam_students.select_all') } }}
              />
            </TableCell>
            {sortable('name', column(anonymous ? 'code' : 'name'), noWrap)}
            {!anonymous && sortable('school', column('school'), noWrap)}
            {!anonymous && sortable('school_class', column('school_class'), noWrap)}
            {/* Under anonymous marking the window is not shown: schools may sit at different times. */}
            {/* The window in one column, its start above its end, each sorted by its own label. */}
            {!anonymous && (
              <TableCell
                sx={noWrap}
                sortDirection={state.sort === 'start_date_time' || state.sort === 'end_date_time' ? state.order : false}
              >
                <Box sx={stackedLabelsSx}>
                  {sortLabel('start_date_time', column('start'))}
                  {sortLabel('end_date_time', column('end'))}
                </Box>
              </TableCell>
            )}
            {sortable('exam_status_id', column('exam_status'))}
            {sortable('student_exam_status_id', column('correction_status'))}
            {sortable('total', column('total'))}
            <TableCell>{column('pass_mark')}</TableCell>
            <TableCell>{column('actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const isSelected = selected.includes(row.id);
            return (
              <TableRow
                key={row.id}
                hover
                selected={isSelected}
                data-testid="exam-student-row"
                data-handle={handleOf(row)}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={isSelected}
                    onChange={() =>
                      onSelect(isSelected ? selected.filter((id) => id !== row.id) : [...selected, row.id])
                    }
                    slotProps={{ input: { 'aria-label': translate('exam_students.select_row', { name: row.name }) } }}
                  />
                </TableCell>
                {/* Names are user content: each isolated from the page's direction. */}
                <TableCell sx={nameColumnSx}>
                  <bdi>{row.name}</bdi>
                </TableCell>
                {!anonymous && (
                  <TableCell>
                    <bdi>{nameOf(row.school, language)}</bdi>
                  </TableCell>
                )}
                {!anonymous && (
                  <TableCell>
                    <bdi>{nameOf(row.school_class, language)}</bdi>
                  </TableCell>
                )}
                {!anonymous && (
                  <TableCell sx={noWrap}>
                    {formatDateTime(row.start_date_time, language)}
                    <br />
                    {formatDateTime(row.end_date_time, language)}
                  </TableCell>
                )}
                <TableCell>
                  <StatusChip status={row.exam_status} />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                    {row.student_status && <StatusChip status={row.student_status} />}
                    {row.needs_deciding && (
                      <Chip size="small" color="warning" label={translate('exam_students.needs_deciding')} />
                    )}
                  </Box>
                </TableCell>
                <TableCell sx={noWrap}>
                  {row.total === null
                    ? translate('exam_students.not_marked')
                    : translate('exam_students.total_of', { total: number(row.total), max: number(row.total_mark) })}
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    {number(row.pass_mark)}
                    {row.passed !== null && (
                      <Chip
                        size="small"
                        color={row.passed ? 'success' : 'error'}
                        variant="outlined"
                        label={translate(row.passed ? 'exam_students.passed' : 'exam_students.failed')}
                      />
                    )}
                  </Box>
                </TableCell>
                <TableCell>
                  {/* What the reader's role can do (issue 41): mark, only read the answers, or nothing. */}
                  {mayRead && (
                    <Button
                      size="small"
                      component={RouterLink}
                      to={correctionPath(examId, handleOf(row), search)}
                      startIcon={<RateReviewIcon />}
                      aria-label={translate(mayMark ? 'exam_students.correct_label' : 'exam_students.view_label', {
                        name: row.name,
                      })}
                      data-testid="correct-student"
                    >
                      {translate(mayMark ? 'exam_students.correct' : 'exam_students.view')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
