import type { ComponentType } from 'react';
import { BooleanField, EmailField, TextField, useLocaleState, useRecordContext } from 'react-admin';
import { relationOf } from '../../common/resource-validation';
import { nameFieldFor, type ColumnSpec } from './screen-config';

interface ColumnFieldProps {
  source: string;
}

/** Numbers in the reader's digits; ids without grouping (1204, not 1,204). */
function NumberColumnField({ source, grouping }: ColumnFieldProps & { grouping: boolean }) {
  const record = useRecordContext();
  const [language] = useLocaleState();
  const value = record?.[source];
  if (typeof value !== 'number') return null;
  return <span>{new Intl.NumberFormat(language, { useGrouping: grouping }).format(value)}</span>;
}

const IdField = ({ source }: ColumnFieldProps) => <NumberColumnField source={source} grouping={false} />;
const NumberField = ({ source }: ColumnFieldProps) => <NumberColumnField source={source} grouping />;

/** A reference column shows the related record's name (the API sends `skill` beside `skill_id`). */
function RelationNameField({ source }: ColumnFieldProps) {
  const record = useRecordContext();
  const [language] = useLocaleState();
  const related = record?.[relationOf(source)] as Record<string, unknown> | null | undefined;
  if (!related) return null;
  return <span>{String(related[nameFieldFor(language)] ?? related.name ?? '')}</span>;
}

/** Field type -> list cell (STYLE.md "Views from a type map"). */
export const columnFieldByType: Record<ColumnSpec['type'], ComponentType<ColumnFieldProps>> = {
  id: IdField,
  text: TextField,
  number: NumberField,
  choice: TextField,
  email: EmailField,
  boolean: BooleanField,
  reference: RelationNameField,
};
