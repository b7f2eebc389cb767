import { Box } from '@mui/material';
import { NumberInput, SelectArrayInput, SelectInput, TextInput } from 'react-admin';
import type { PlatformIdentifier } from '../../../../schemas/vocabulary';
import { clampNumber } from '../../generic/screen-config';
import { choicesOf } from '../common/names';
import type { ExamLookups } from '../types';
import { TagsInput } from './TagsInput';
import { WallTimeInput } from './WallTimeInput';
import { useLanguage } from '../common/useLanguage';

const label = (field: string) => `exams.fields.${field}`;

/** SPEC section 9: numeric inputs clamp to 0 and, for marks, to 100 as they are typed. */
const clamped = (max?: number) => (value: number | string | null) =>
  value === '' || value === null || Number.isNaN(Number(value)) ? null : clampNumber(Number(value), 0, max ?? Number.MAX_SAFE_INTEGER);

function Mark({ source }: { source: string }) {
  return <NumberInput source={source} label={label(source)} min={0} max={100} step={1} parse={clamped(100)} fullWidth />;
}

/**
 * The exam form's inputs (SPEC section 3), with the platform's lookups. Grade shows on IRA
 * platforms and level on ISA. Messages come from the form's validation, under each input.
 */
export function ExamFields({ lookups, identifier }: { lookups: ExamLookups; identifier: PlatformIdentifier }) {
  const language = useLanguage();
  const choices = (records: ExamLookups[keyof ExamLookups]) => choicesOf(records, language);
  const select = (source: string, records: ExamLookups[keyof ExamLookups]) => (
    <SelectInput source={source} label={label(source)} choices={choices(records)} translateChoice={false} fullWidth />
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, width: '100%' }}>
      <TextInput source="name_en" label={label('name_en')} slotProps={{ htmlInput: { dir: 'ltr', lang: 'en' } }} fullWidth />
      <TextInput source="name_ar" label={label('name_ar')} slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }} fullWidth />
      {select('duration_id', lookups.durations)}
      {select('round_id', lookups.rounds)}
      {identifier === 'IRA' ? select('grade_id', lookups.grades) : select('level_id', lookups.levels)}
      {select('exam_type_id', lookups.examTypes)}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <SelectArrayInput source="skill_ids" label={label('skill_ids')} choices={choices(lookups.skills)} translateChoice={false} fullWidth />
      </Box>
      <WallTimeInput source="start_date_time" label={label('start_date_time')} fullWidth />
      <WallTimeInput source="end_date_time" label={label('end_date_time')} fullWidth />
      <Mark source="min_mark" />
      <Mark source="max_mark" />
      <Mark source="pass_mark" />
      <NumberInput source="questions_per_page" label={label('questions_per_page')} helperText="exams.form.questions_per_page_help" min={0} step={1} parse={clamped()} fullWidth />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TagsInput source="tags" label={label('tags')} helperText="exams.form.tags_help" />
      </Box>
    </Box>
  );
}
