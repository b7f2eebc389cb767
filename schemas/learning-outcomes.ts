import { defineResource, lookup, reference } from './vocabulary';

const base = lookup('learning-outcomes', 'questions_settings', '/settings/questions/learning-outcomes');

/** A learning outcome belongs to a skill and, by platform, to a grade (IRA) or a level (ISA). */
const learningOutcomes = defineResource({
  ...base,
  fields: {
    ...base.fields,
    skill_id: reference('skills'),
    grade_id: reference('grades', { platforms: ['IRA'] }),
    level_id: reference('levels', { platforms: ['ISA'] }),
  },
  list: { ...base.list, columns: ['id', 'name_en', 'name_ar', 'skill_id', 'grade_id', 'level_id'] },
});

export default learningOutcomes;
