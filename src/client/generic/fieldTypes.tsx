import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Chip } from '@mui/material';
import type { ComponentType } from 'react';
import {
  BooleanField,
  EmailField,
  TextField,
  useLocaleState,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { relationOf } from '../../common/resource-validation';
import { labelKeys, type ColumnSpec } from './screen-config';
import { nameOf } from '../i18n/recordName';
import { countryName } from '../../common/countries';
import { isLanguage } from '../../../locales/languages';

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
  return <span>{nameOf(related, language)}</span>;
}

/**
 * Chips in a row that wraps, their labels a little tighter than MUI's: several are at least two
 * chips wide, so a squeezed table gives them two lines rather than one chip a line.
 */
const chipRowSx = (count: number) =>
  ({
    display: 'flex',
    gap: 0.5,
    flexWrap: 'wrap',
    minWidth: count > 1 ? '9rem' : undefined,
    '& .MuiChip-labelSmall': { px: 0.75 },
  }) as const;

/** Several related records (`skill_ids`, sent as `skills`) as chips. */
function RelationNamesField({ source }: ColumnFieldProps) {
  const record = useRecordContext();
  const [language] = useLocaleState();
  const related = (record?.[relationOf(source)] ?? []) as Record<string, unknown>[];
  return (
    <Box sx={chipRowSx(related.length)}>
      {related.map((item, index) => (
        <Chip key={String(item.id ?? index)} size="small" label={nameOf(item, language)} />
      ))}
    </Box>
  );
}

function TagsField({ source }: ColumnFieldProps) {
  const record = useRecordContext();
  const tags = (record?.[source] ?? []) as string[];
  return (
    <Box sx={chipRowSx(tags.length)}>
      {tags.map((tag) => (
        <Chip key={tag} size="small" variant="outlined" label={tag} />
      ))}
    </Box>
  );
}

/** A choice by its catalog name where there is one (a gender), else its code (IRA). */
function ChoiceColumnField({ source }: ColumnFieldProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (typeof value !== 'string') return null;
  return <span>{translate(labelKeys(resource ?? '').choice(source, value), { _: value })}</span>;
}

/** A country by its name in the reader's language (the record holds its ISO code). */
function CountryColumnField({ source }: ColumnFieldProps) {
  const record = useRecordContext();
  const [language] = useLocaleState();
  const code = record?.[source];
  if (typeof code !== 'string') return null;
  return <span title={code}>{countryName(code, isLanguage(language) ? language : 'en')}</span>;
}

/** Whether a record has the file; the file itself is seen on the record's page. */
function MediaField({ source }: ColumnFieldProps) {
  const record = useRecordContext();
  return record?.[source] ? <AttachFileIcon fontSize="small" aria-label={String(record[source])} /> : null;
}

const Nothing = () => null;

/** Field type -> list cell (STYLE.md "Views from a type map"). */
export const columnFieldByType: Record<ColumnSpec['type'], ComponentType<ColumnFieldProps>> = {
  id: IdField,
  text: TextField,
  number: NumberField,
  choice: ChoiceColumnField,
  email: EmailField,
  boolean: BooleanField,
  date: TextField,
  country: CountryColumnField,
  datetime: TextField,
  reference: RelationNameField,
  references: RelationNamesField,
  tags: TagsField,
  media: MediaField,
  answer: Nothing,
};
