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
  resource,
  filter,
  value,
  onChange,
  disabled,
}: {
  field: LookupField;
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
      label={translate(`interchange.lookups.${field}`)}
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
 * The values questions take when their file names no lookup (Moodle XML, GIFT, single items): six
 * optional selects of the platform's lookups, grouped under their heading; the outcomes offered are
 * the chosen skill's, since the server refuses an outcome of another skill.
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
        {LOOKUP_FIELDS.map(([field, resource]) => (
          <LookupSelect
            key={field}
            field={field}
            resource={resource}
            filter={{
              platform_id: platformId,
              ...(field === 'learning_outcome' && value.skill ? { skill_id: value.skill } : {}),
            }}
            value={value[field]}
            onChange={(id) =>
              // An outcome belongs to a skill: another skill drops it, as the question form does.
              onChange({ ...value, [field]: id, ...(field === 'skill' ? { learning_outcome: undefined } : {}) })
            }
            disabled={disabled}
          />
        ))}
      </Box>
    </Box>
  );
}
