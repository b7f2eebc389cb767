import { Box, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WebReportFilters } from '../../common/contracts/index';
import { formatList } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import type { ListKey, Selection } from './selection';

/** The dashboard's filters (SPEC section 7): a platform, then any schools, years, rounds and grades; the comparative switch. */
export function WebReportFiltersBar({
  filters,
  selection,
  onChange,
}: {
  filters: WebReportFilters;
  selection: Selection;
  onChange: (selection: Selection) => void;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const ofPlatform = <T extends { platform_id: number }>(records: T[]) =>
    records.filter((record) => record.platform_id === selection.platform_id);
  const lists: [ListKey, string, { id: number; name_en: string; name_ar: string }[]][] = [
    ['school_id', 'schools', filters.schools],
    ['academic_year_id', 'academic_years', filters.academic_years],
    ['round_id', 'rounds', ofPlatform(filters.rounds)],
    ['grade_id', 'grades', ofPlatform(filters.grades)],
  ];
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}
      data-testid="web-report-filters"
    >
      <TextField
        select
        size="small"
        variant="filled"
        sx={{ width: 200 }}
        label={translate('web_reports.filters.platform')}
        value={selection.platform_id ? String(selection.platform_id) : ''}
        // Rounds and grades belong to a platform: a new platform clears them.
        onChange={(event) =>
          onChange({ ...selection, platform_id: Number(event.target.value), round_id: [], grade_id: [] })
        }
        inputProps={{ 'data-testid': 'filter-platform_id' }}
      >
        {filters.platforms.map((platform) => (
          <MenuItem key={platform.id} value={String(platform.id)}>
            {nameOf(platform, language)}
          </MenuItem>
        ))}
      </TextField>
      {lists.map(([key, label, options]) => (
        <TextField
          key={key}
          select
          size="small"
          variant="filled"
          sx={{ width: 200 }}
          label={translate(`web_reports.filters.${label}`)}
          value={selection[key].map(String)}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (value) => {
                const picked = value as string[];
                if (picked.length === 0) return translate('web_reports.filters.all');
                return formatList(
                  options
                    .filter((option) => picked.includes(String(option.id)))
                    .map((option) => nameOf(option, language)),
                  language,
                );
              },
            },
            inputLabel: { shrink: true },
          }}
          onChange={(event) => {
            const picked = event.target.value as unknown as string[];
            onChange({ ...selection, [key]: picked.map(Number) });
          }}
          inputProps={{ 'data-testid': `filter-${key}` }}
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {nameOf(option, language)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <FormControlLabel
        control={
          <Switch
            checked={selection.comparative}
            onChange={(event) => onChange({ ...selection, comparative: event.target.checked })}
            inputProps={{ 'aria-label': translate('web_reports.filters.comparative') }}
            data-testid="filter-comparative"
          />
        }
        label={translate('web_reports.filters.comparative')}
      />
    </Box>
  );
}
