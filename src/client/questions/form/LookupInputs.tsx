import { Box } from '@mui/material';
import { ReferenceInput, SelectInput, useLocaleState, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { nameOf } from '../../i18n/recordName';

/** The question's lookups: field -> resource (SPEC section 3, Question). */
const LOOKUPS = [
  ['question_type_id', 'question-types'],
  ['skill_id', 'skills'],
  ['learning_outcome_id', 'learning-outcomes'],
  ['difficulty_level_id', 'difficulty-levels'],
  ['cognitive_level_id', 'cognitive-levels'],
  ['depth_of_knowledge_id', 'depth-of-knowledges'],
] as const;

const byId = { field: 'id', order: 'ASC' as const };

/**
 * The six lookup dropdowns, each limited to the selected platform (SPEC section 5); learning
 * outcomes are also limited to the chosen skill, since the server refuses an outcome of
 * another skill. Changing the skill clears the outcome for the same reason.
 */
export function LookupInputs({ platformId }: { platformId: number | null }) {
  const [language] = useLocaleState();
  const { setValue } = useFormContext();
  const skillId = useWatch({ name: 'skill_id' }) as number | null;
  const optionText = (record: RaRecord) => nameOf(record, language);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
      {LOOKUPS.map(([source, reference]) => {
        const outcome = source === 'learning_outcome_id';
        const filter = {
          ...(platformId !== null ? { platform_id: platformId } : {}),
          ...(outcome && skillId ? { skill_id: skillId } : {}),
        };
        return (
          <ReferenceInput key={source} source={source} reference={reference} filter={filter} perPage={100} sort={byId}>
            <SelectInput
              optionText={optionText}
              label={`resources.questions-bank.fields.${source}`}
              disabled={outcome && !skillId}
              helperText={outcome && !skillId ? 'question_editor.outcome_needs_skill' : false}
              onChange={
                source === 'skill_id' ? () => setValue('learning_outcome_id', null, { shouldDirty: true }) : undefined
              }
              fullWidth
            />
          </ReferenceInput>
        );
      })}
    </Box>
  );
}
