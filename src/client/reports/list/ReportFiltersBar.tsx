import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportFilters } from '../../../common/contracts/index';
import { countryName } from '../../../common/countries';
import { nameOf, useLanguage } from '../../i18n/recordName';

interface Choice {
  id: number | string;
  name: string;
}

/** The list's filters (SPEC section 3, Reports), each a multiple choice kept as `filter[key]=a,b`. */
export function ReportFiltersBar({
  choices,
  values,
  onChange,
}: {
  choices: ReportFilters | undefined;
  values: Record<string, string>;
  onChange: (filters: Record<string, string>) => void;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  if (!choices) return null;
  const named = (records: { id: number; name_en: string; name_ar: string }[]): Choice[] =>
    records.map((r) => ({ id: r.id, name: nameOf(r, language) }));
  const filters: [string, string, Choice[]][] = [
    ['type', 'type', named(choices.types)],
    ['status', 'status', named(choices.statuses)],
    ['school_id', 'school', named(choices.schools)],
    ['grade_id', 'grade', named(choices.grades)],
    ['school_class_id', 'class', named(choices.classes)],
    // A class's students: none to offer until a class is chosen (a school has thousands).
    ['student_id', 'student', named(choices.students).sort((a, b) => a.name.localeCompare(b.name, language))],
    ['round_id', 'round', named(choices.rounds)],
    ['academic_year_id', 'academic_year', named(choices.academic_years)],
    ['skill_id', 'skill', named(choices.skills)],
    ['gender', 'gender', choices.genders.map((g) => ({ id: g.id, name: nameOf(g, language) }))],
    [
      'nationality',
      'nationality',
      choices.nationalities.map((code) => ({ id: code, name: countryName(code, language) })),
    ],
    ['country', 'country', choices.countries.map((code) => ({ id: code, name: countryName(code, language) }))],
  ];
  const selected = (key: string) => (values[key] ? values[key].split(',') : []);
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'flex-start' }}
      data-testid="report-filters"
    >
      {filters.map(([key, label, options]) => (
        <TextField
          key={key}
          select
          size="small"
          variant="filled"
          fullWidth={false}
          sx={{ width: 170 }}
          label={translate(`report_screens.reports.filters.${label}`)}
          value={selected(key)}
          disabled={options.length === 0 && selected(key).length === 0}
          helperText={
            key === 'student_id' && !values.school_class_id
              ? translate('report_screens.reports.filters.student_needs_class')
              : undefined
          }
          slotProps={{ select: { multiple: true } }}
          onChange={(event) => {
            const picked = event.target.value as unknown as string[];
            const next = { ...values, [key]: picked.join(',') };
            // Students belong to the classes chosen: another choice of classes clears them.
            if (key === 'school_class_id') delete next.student_id;
            onChange(next);
          }}
          inputProps={{ 'data-testid': `filter-${key}` }}
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {Object.values(values).some(Boolean) && (
        <Button onClick={() => onChange({})}>{translate('report_screens.reports.filters.clear')}</Button>
      )}
    </Box>
  );
}
