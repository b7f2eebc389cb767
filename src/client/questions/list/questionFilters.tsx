import { ReferenceInput, SearchInput, SelectInput, type RaRecord } from 'react-admin';
import { ANSWER_KINDS } from '../../../common/questions';
import { nameOf } from '../../i18n/recordName';

const byId = { field: 'id', order: 'ASC' as const };

/** Lookup filters of the list, each offering the selected platform's records. */
const LOOKUP_FILTERS = [
  ['question_type_id', 'question-types'],
  ['skill_id', 'skills'],
  ['difficulty_level_id', 'difficulty-levels'],
  ['learning_outcome_id', 'learning-outcomes'],
] as const;

/**
 * The list's filters (issue: type, skill, difficulty, learning outcome, platform, search). They
 * travel as `filter[answer_type]=...`; the platform is the selector above the list.
 */
export function questionFilters(platformId: number, language: string, searchLabel: string) {
  const optionText = (record: RaRecord) => nameOf(record, language);
  const kinds = ANSWER_KINDS.map((kind) => ({ id: kind, name: `question_editor.kinds.${kind}` }));
  return [
    <SearchInput key="search" source="search" alwaysOn slotProps={{ htmlInput: { 'aria-label': searchLabel } }} />,
    <SelectInput
      key="answer_type"
      source="answer_type"
      label="resources.questions-bank.fields.answer_type"
      choices={kinds}
      alwaysOn
      sx={{ minWidth: 200 }}
    />,
    ...LOOKUP_FILTERS.map(([source, reference]) => (
      <ReferenceInput
        key={source}
        source={source}
        reference={reference}
        filter={{ platform_id: platformId }}
        perPage={100}
        sort={byId}
        alwaysOn
      >
        <SelectInput
          optionText={optionText}
          label={`resources.questions-bank.fields.${source}`}
          sx={{ minWidth: 200 }}
        />
      </ReferenceInput>
    )),
  ];
}
