import { Checkbox, TableCell, TableRow } from '@mui/material';
import clsx from 'clsx';
import { createContext, useCallback, useContext, type MouseEvent, type ReactNode } from 'react';
import {
  DataTableBody,
  DataTableClasses,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useGetPathForRecordCallback,
  useNavigate,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type DataTableBodyProps,
  type RaRecord,
} from 'react-admin';
import { useRecordName } from '../i18n/recordName';

type RowName = (record: RaRecord) => string;

const RowNameContext = createContext<RowName | null>(null);

/** How the rows of the lists below are named for assistive technology (default: the record's name). */
export function RowNameProvider({ name, children }: { name: RowName; children: ReactNode }) {
  return <RowNameContext.Provider value={name}>{children}</RowNameContext.Provider>;
}

/**
 * A DataTable row whose selection checkbox is named after its row ("Select Reading benchmark").
 * react-admin's own row puts `aria-label` on the checkbox's wrapping span, which leaves the
 * input unnamed and gives the span a prohibited attribute (axe: label, aria-prohibited-attr).
 * Rows are clickable as in react-admin; expand panels are not supported.
 */
function SelectableRow({ children, className, sx }: { children?: ReactNode; className?: string; sx?: object }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const recordName = useRecordName();
  const rowName = useContext(RowNameContext);
  const { hasBulkActions = false, hover = true } = useDataTableConfigContext();
  const { handleToggleItem, isRowSelectable, rowClick } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const getPathForRecord = useGetPathForRecordCallback();
  const navigate = useNavigate();

  const handleClick = useCallback(
    async (event: MouseEvent) => {
      if (!record || !rowClick) return;
      const link = typeof rowClick === 'function' ? await rowClick(record.id, resource!, record) : rowClick;
      if (link === 'toggleSelection') {
        handleToggleItem?.(record.id, event);
        return;
      }
      if (link === 'expand') return;
      const path = await getPathForRecord({ record, resource, link });
      if (path) navigate(path, { state: { _scrollToTop: true } });
    },
    [record, resource, rowClick, handleToggleItem, getPathForRecord, navigate],
  );

  if (!record) return null;
  const selectable = !isRowSelectable || isRowSelectable(record);
  const selected = selectable && (selectedIds?.includes(record.id) ?? false);
  const name = rowName ? rowName(record) : recordName(record);
  return (
    <TableRow
      className={clsx(className, {
        [DataTableClasses.selectable]: selectable,
        [DataTableClasses.clickableRow]: Boolean(rowClick),
      })}
      sx={sx}
      hover={hover}
      selected={selected}
      onClick={handleClick}
    >
      {hasBulkActions && handleToggleItem && (
        <TableCell padding="checkbox">
          <Checkbox
            color="primary"
            className={`select-item ${DataTableClasses.checkbox}`}
            checked={selected}
            disabled={!selectable}
            onClick={(event) => {
              if (!selectable) return;
              handleToggleItem(record.id, event);
              event.stopPropagation();
            }}
            slotProps={{ input: { 'aria-label': translate('app.select_row', { name }) } }}
          />
        </TableCell>
      )}
      {children}
    </TableRow>
  );
}

/** The DataTable body every console list uses: `<DataTable body={SelectableBody}>`. */
export function SelectableBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={SelectableRow} />;
}
