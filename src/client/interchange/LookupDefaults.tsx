import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { nameOf, useLanguage } from '../i18n/recordName';
import { LOOKUP_FIELDS, type LookupField } from '../providers/interchangeMethods';

export type LookupDefaults = Partial<Record<LookupField, number>>;

const ALL = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

/** One lookup's values on the platform, to choose the default from (or none). */
function LookupSelect({
  field,
  column,
  resource,
  filter,
  value,
  onChange,
  disabled,
}: {
  field: LookupField;
  column: string;
  resource: string;
  filter: Record<string, number>;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const { data = [] } = useGetList<RaRecord>(resource, { ...ALL, filter });
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={translate(`resources.questions-bank.fields.${column}`)}
      value={value !== undefined && data.some((record) => record.id === value) ? String(value) : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      disabled={disabled}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={`interchange-default-${field}`}
    >
      <MenuItem value="">
        <em>{translate('interchange.page.no_default')}</em>
      </MenuItem>
      {data.map((record) => (
        <MenuItem key={record.id} value={String(record.id)}>
          {nameOf(record, language)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The values questions take when their file names no lookup (Moodle XML, GIFT, single items): an
 * optional select of the platform's values for each lookup the question declares, grouped under
 * their heading; a lookup that must agree with another (an outcome with its skill) offers only the
 * chosen one's values.
 */
export function LookupDefaultsFields({
  platformId,
  value,
  onChange,
  disabled,
}: {
  platformId: number;
  value: LookupDefaults;
  onChange: (value: LookupDefaults) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const textId = useId();
  return (
    <Box role="group" aria-labelledby={headingId} aria-describedby={textId} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {translate('interchange.page.defaults_heading')}
      </Typography>
      <Typography id={textId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('interchange.page.defaults_text')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}>
        {LOOKUP_FIELDS.map(({ field, column, resource, within }) => (
          <LookupSelect
            key={field}
            field={field}
            column={column}
            resource={resource}
            filter={{
              platform_id: platformId,
              // An outcome is offered for the chosen skill only: the server refuses one of another skill.
              ...Object.fromEntries(
                within.flatMap((parent) => (value[parent] ? [[`${parent}_id`, value[parent]]] : [])),
              ),
            }}
            value={value[field]}
            onChange={(id) =>
              // A lookup that must agree with this one is dropped when this one changes, as the question form does.
              onChange({
                ...value,
                [field]: id,
                ...Object.fromEntries(
                  LOOKUP_FIELDS.filter((other) => other.within.includes(field)).map((other) => [
                    other.field,
                    undefined,
                  ]),
                ),
              })
            }
            disabled={disabled}
          />
        ))}
      </Box>
    </Box>
  );
}
