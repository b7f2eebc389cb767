import { SearchInput, SelectInput } from 'react-admin';
import type { PlatformIdentifier } from '../../../../schemas/vocabulary';
import { choicesOf } from '../../i18n/recordName';
import type { ExamLookups } from '../types';

const PUBLISHED_CHOICES = [
  { id: 'true', name: 'exams.list.published' },
  { id: 'false', name: 'exams.list.draft' },
];

/**
 * The exam list's filters (SPEC section 2, /exams): search, round, grade (IRA) or level (ISA),
 * skill, type and published state. Each becomes `filter[field]` in the list query; search
 * becomes `search`.
 */
export function examFilters(
  lookups: ExamLookups | undefined,
  identifier: PlatformIdentifier,
  language: string,
  searchLabel: string,
) {
  const select = (source: string, label: string, records: ExamLookups[keyof ExamLookups] | undefined) => (
    <SelectInput
      key={source}
      source={source}
      label={label}
      choices={choicesOf(records, language)}
      translateChoice={false}
      alwaysOn
      sx={{ minWidth: 160 }}
    />
  );
  return [
    <SearchInput key="search" source="search" alwaysOn slotProps={{ htmlInput: { 'aria-label': searchLabel } }} />,
    select('round_id', 'resources.exams.fields.round_id', lookups?.rounds),
    identifier === 'IRA'
      ? select('grade_id', 'resources.exams.fields.grade_id', lookups?.grades)
      : select('level_id', 'resources.exams.fields.level_id', lookups?.levels),
    select('skill_id', 'resources.exams.fields.skill_ids', lookups?.skills),
    select('exam_type_id', 'resources.exams.fields.exam_type_id', lookups?.examTypes),
    <SelectInput
      key="is_published"
      source="is_published"
      label="exams.list.status"
      choices={PUBLISHED_CHOICES}
      alwaysOn
      sx={{ minWidth: 160 }}
    />,
  ];
}
