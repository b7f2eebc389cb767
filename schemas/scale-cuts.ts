import { defineResource, lookup, number, reference } from './vocabulary';

const base = lookup('scale-cuts', 'exams_settings', '/settings/exams/scale-cuts');
/** A cut in scaled-score points; each starts above the one before it can (the rule checks the order). */
const cut = (key: string, min: number) => number(min, 2000, { help: `resources.scale-cuts.help.${key}` });

/**
 * The cut scores of a reporting scale for one grade (IRA) or level (ISA), in scaled-score points
 * (issue 42): below `approaching_from` a student is Below, then Approaching, Meeting from
 * `meeting_from`, Exceeding from `exceeding_from`. Set by an administrator, one set per scale and
 * grade or level; the reports read each student's performance level from them.
 */
const scaleCuts = defineResource({
  ...base,
  fields: {
    ...base.fields,
    scale_id: reference('scales'),
    grade_id: reference('grades', { platforms: ['IRA'] }),
    level_id: reference('levels', { platforms: ['ISA'] }),
    approaching_from: cut('approaching_from', 0),
    meeting_from: cut('meeting_from', 1),
    exceeding_from: cut('exceeding_from', 2),
  },
  rules: ['scale-cuts.ordered'],
  list: {
    ...base.list,
    columns: [
      'id',
      'name_en',
      'name_ar',
      'scale_id',
      'grade_id',
      'level_id',
      'approaching_from',
      'meeting_from',
      'exceeding_from',
    ],
  },
});

export default scaleCuts;
