import { DataTable, ListContextProvider, useList, useTranslate } from 'react-admin';
import { ListPagination, PAGE_SIZE } from '../components/ListPagination';
import type { RosterRowProblems } from '../providers/rosterMethods';

interface Problem {
  id: string;
  row: number;
  column: string;
  kind: 'error' | 'warning' | 'skipped' | 'new_class';
  message: string;
}

/**
 * One line per message: a row with two bad columns is two lines; a row's errors before its warnings
 * (what it leaves out, or why a person of the file who is no student was left out).
 */
const problemsOf = (rows: readonly RosterRowProblems[]): Problem[] =>
  rows.flatMap(({ row, status, errors, warnings }) =>
    (['error', 'warning'] as const).flatMap((found) =>
      Object.entries((found === 'error' ? errors : warnings) ?? {}).flatMap(([column, messages]) => {
        // A warning on the class is the class the import makes.
        const kind =
          found === 'error' ? found : status === 'skipped' ? 'skipped' : column === 'class' ? 'new_class' : found;
        return messages.map((message, index) => ({
          id: `${row}.${kind}.${column}.${index}`,
          row,
          column,
          kind,
          message,
        }));
      }),
    ),
  );

/**
 * Every problem of a file by row and column, a page at a time (a file may hold thousands): the
 * column by its template header in the reader's language, the message as the server worded it.
 */
export function ProblemsTable({ rows }: { rows: readonly RosterRowProblems[] }) {
  const translate = useTranslate();
  const list = useList({ data: problemsOf(rows), perPage: PAGE_SIZE, sort: { field: 'row', order: 'ASC' } });
  return (
    <ListContextProvider value={list}>
      <DataTable<Problem> resource="roster-problems" bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="row" label="roster.page.row" disableSort />
        <DataTable.Col
          source="column"
          label="roster.page.column"
          disableSort
          // A column of a OneRoster file the template does not have keeps its own name.
          render={(problem: Problem) => translate(`roster.columns.${problem.column}`, { _: problem.column })}
        />
        <DataTable.Col
          source="kind"
          label="roster.page.kind"
          disableSort
          render={(problem: Problem) => translate(`roster.page.kinds.${problem.kind}`)}
        />
        <DataTable.Col source="message" label="roster.page.problem" disableSort />
      </DataTable>
      <ListPagination />
    </ListContextProvider>
  );
}
