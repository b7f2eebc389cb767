import {
  Alert,
  Checkbox,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { ListPaginationContext, useTranslate, type ListPaginationContextValue } from 'react-admin';
import { ListPagination } from '../../components/ListPagination';
import { statusOf } from '../../providers/errors';
import type { UrlList } from './urlList';
import { compactTableSx } from '../../components/listLayout';

export interface Column<T> {
  key: string;
  /** Already translated. */
  label: string;
  render: (row: T) => ReactNode;
  /** The API's sort key, when the column sorts. */
  sort?: string;
}

interface DataTableProps<T extends { id: number }> {
  rows: T[] | undefined;
  columns: Column<T>[];
  list: UrlList;
  total: number | undefined;
  loading: boolean;
  fetching: boolean;
  /** The failed query's error (or true): a refusal or a missing record is said so, with no table or pager. */
  error: unknown;
  onChange: (change: Partial<UrlList>) => void;
  /** Row selection (the reports list): the chosen ids and how to change them. */
  selection?: { ids: number[]; onChange: (ids: number[]) => void; label: (row: T) => string; all: string };
  testId: string;
}

/**
 * A server-paged list in the API's dialect: sortable headings (the sort and order kept in the
 * address), optional row selection, react-admin's pagination, and the spec's empty and error texts.
 */
export function DataTable<T extends { id: number }>(props: DataTableProps<T>) {
  const { rows, columns, list, total, selection } = props;
  const translate = useTranslate();
  const ids = rows?.map((row) => row.id) ?? [];
  const chosen = selection ? ids.filter((id) => selection.ids.includes(id)) : [];
  const pagination: ListPaginationContextValue = {
    isLoading: props.loading,
    isPending: props.loading,
    page: list.page,
    perPage: list.perPage,
    total,
    hasNextPage: total !== undefined && list.page * list.perPage < total,
    hasPreviousPage: list.page > 1,
    setPage: (page) => props.onChange({ page }),
    setPerPage: (perPage) => props.onChange({ perPage }),
    resource: props.testId,
  };
  const status = props.error ? statusOf(props.error) : undefined;
  const failure =
    status === 403 ? 'errors.forbidden' : status === 404 ? 'errors.not_found' : 'report_screens.fetch_error';
  const sortBy = (sort: string) =>
    props.onChange({ sort, order: list.sort === sort && list.order === 'asc' ? 'desc' : 'asc' });

  return (
    <Paper variant="outlined" sx={compactTableSx}>
      {props.fetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {props.error ? (
        <Alert
          severity={failure === 'report_screens.fetch_error' ? 'error' : 'warning'}
          sx={{ m: 2 }}
          data-testid="list-error"
        >
          {translate(failure)}
        </Alert>
      ) : rows && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="no-data">
          {translate('report_screens.empty')}
        </Typography>
      ) : (
        rows && (
          <Table size="small" data-testid={props.testId}>
            <TableHead>
              <TableRow>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={ids.length > 0 && chosen.length === ids.length}
                      indeterminate={chosen.length > 0 && chosen.length < ids.length}
                      onChange={(event) => selection.onChange(event.target.checked ? ids : [])}
                      slotProps={{ input: { 'aria-label': selection.all } }}
                    />
                  </TableCell>
                )}
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    sortDirection={column.sort && list.sort === column.sort ? list.order : false}
                  >
                    {column.sort ? (
                      <TableSortLabel
                        active={list.sort === column.sort}
                        direction={list.sort === column.sort ? list.order : 'asc'}
                        onClick={() => sortBy(column.sort!)}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover selected={chosen.includes(row.id)} data-testid={`${props.testId}-row`}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={chosen.includes(row.id)}
                        onChange={(event) =>
                          selection.onChange(
                            event.target.checked
                              ? [...selection.ids, row.id]
                              : selection.ids.filter((id) => id !== row.id),
                          )
                        }
                        slotProps={{ input: { 'aria-label': selection.label(row) } }}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell key={column.key}>{column.render(row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      )}
      {!props.error && (
        <ListPaginationContext.Provider value={pagination}>
          <ListPagination />
        </ListPaginationContext.Provider>
      )}
    </Paper>
  );
}
