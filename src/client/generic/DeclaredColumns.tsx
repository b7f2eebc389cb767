import type { ReactNode } from 'react';
import { DataTable } from 'react-admin';
import type { PlatformIdentifier, ResourceDefinition } from '../../../schemas/vocabulary';
import { columnFieldByType } from './fieldTypes';
import { listColumns } from './screen-config';

/** A list's own cell for a column (a status chip), or null to leave the column out (the other name's). */
export type ColumnOverrides = Readonly<Record<string, ReactNode | null>>;

/**
 * A list's columns from its declaration, each drawn by its type (STYLE.md "Views from a type map"),
 * in the declared order; `overrides` draws some its own way. A column added to a declaration
 * appears in every list built here with no other console change.
 */
export function declaredColumns(
  definition: ResourceDefinition,
  identifier: PlatformIdentifier | null,
  overrides: ColumnOverrides = {},
): ReactNode[] {
  return listColumns(definition, identifier).flatMap((column): ReactNode[] => {
    if (column.source in overrides) {
      const own = overrides[column.source];
      return own === null ? [] : [own];
    }
    return [
      <DataTable.Col
        key={column.source}
        source={column.source}
        field={columnFieldByType[column.type]}
        disableSort={!column.sortable}
      />,
    ];
  });
}
