import { Box } from '@mui/material';
import { BooleanInput, SelectArrayInput, SelectInput, TextInput } from 'react-admin';
import { BoundedNumberInput } from '../../components/BoundedNumberInput';
import type { PlatformIdentifier } from '../../../../schemas/vocabulary';
import { choicesOf, useLanguage } from '../../i18n/recordName';
import type { ExamLookups } from '../types';
import { TagsInput } from '../../components/TagsInput';
import { WallTimeInput } from '../../components/WallTimeInput';

const label = (field: string) => `resources.exams.fields.${field}`;

function Mark({ source, disabled }: { source: string; disabled: boolean }) {
  return (
    <BoundedNumberInput
      source={source}
      label={label(source)}
      min={0}
      max={100}
      step={1}
      disabled={disabled}
      fullWidth
    />
  );
}

/**
 * The exam form's inputs (SPEC section 3), with the platform's lookups. Grade shows on IRA
 * platforms and level on ISA. Messages come from the form's validation, under each input.
 */
export function ExamFields({
  lookups,
  identifier,
  disabled = false,
}: {
  lookups: ExamLookups;
  identifier: PlatformIdentifier;
  disabled?: boolean;
}) {
  const language = useLanguage();
  const choices = (records: ExamLookups[keyof ExamLookups]) => choicesOf(records, language);
  const select = (source: string, records: ExamLookups[keyof ExamLookups]) => (
    <SelectInput
      source={source}
      label={label(source)}
      choices={choices(records)}
      translateChoice={false}
      disabled={disabled}
      fullWidth
    />
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, width: '100%' }}>
      <TextInput
        source="name_en"
        label={label('name_en')}
        disabled={disabled}
        slotProps={{ htmlInput: { dir: 'ltr', lang: 'en' } }}
        fullWidth
      />
      <TextInput
        source="name_ar"
        label={label('name_ar')}
        disabled={disabled}
        slotProps={{ htmlInput: { dir: 'rtl', lang: 'ar' } }}
        fullWidth
      />
      {select('duration_id', lookups.durations)}
      {select('round_id', lookups.rounds)}
      {identifier === 'IRA' ? select('grade_id', lookups.grades) : select('level_id', lookups.levels)}
      {select('exam_type_id', lookups.examTypes)}
      {select('academic_year_id', lookups.academicYears)}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <SelectArrayInput
          source="skill_ids"
          label={label('skill_ids')}
          disabled={disabled}
          choices={choices(lookups.skills)}
          translateChoice={false}
          fullWidth
        />
      </Box>
      <WallTimeInput source="start_date_time" label={label('start_date_time')} disabled={disabled} fullWidth />
      <WallTimeInput source="end_date_time" label={label('end_date_time')} disabled={disabled} fullWidth />
      <Mark source="min_mark" disabled={disabled} />
      <Mark source="max_mark" disabled={disabled} />
      <Mark source="pass_mark" disabled={disabled} />
      <BoundedNumberInput
        source="questions_per_page"
        label={label('questions_per_page')}
        helperText="exams.form.questions_per_page_help"
        min={0}
        max={200}
        step={1}
        disabled={disabled}
        fullWidth
      />
      <BooleanInput
        source="double_marking"
        label={label('double_marking')}
        helperText="exams.form.double_marking_help"
        disabled={disabled}
      />
      <BoundedNumberInput
        source="double_marking_threshold"
        label={label('double_marking_threshold')}
        helperText="exams.form.double_marking_threshold_help"
        min={0}
        max={100}
        step={1}
        disabled={disabled}
        fullWidth
      />
      <BooleanInput
        source="anonymous_marking"
        label={label('anonymous_marking')}
        helperText="exams.form.anonymous_marking_help"
        disabled={disabled}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TagsInput source="tags" label={label('tags')} helperText="exams.form.tags_help" disabled={disabled} />
      </Box>
    </Box>
  );
}
