import { defineResource, lookup, number, reference } from './vocabulary';

const base = lookup('scales', 'exams_settings', '/settings/exams/scales');

/**
 * A reporting scale of a skill on a platform (issue 42: Reading on IRA, Listening on ISA): its name
 * in both languages and its reporting transformation, scaled score = origin + unit × logit, rounded
 * to whole points (200 + 10 × logit by default). Calibrations link exams to it by their anchor
 * questions (src/common/statistics/rasch/linking.ts).
 */
const scales = defineResource({
  ...base,
  fields: {
    ...base.fields,
    skill_id: reference('skills', { help: 'resources.scales.help.skill_id' }),
    score_origin: number(0, 1000, { required: false, default: 200, help: 'resources.scales.help.score_origin' }),
    score_unit: number(1, 100, { required: false, default: 10, help: 'resources.scales.help.score_unit' }),
  },
  // The administrator chooses the skill and constants once: the first calibration fixes them (issue 42).
  lockedOnce: {
    column: 'anchor_calibration_id',
    fields: ['skill_id', 'score_origin', 'score_unit'],
    message: 'calibrations.errors.calibrated_scale',
  },
  list: { ...base.list, columns: ['id', 'name_en', 'name_ar', 'skill_id', 'score_origin', 'score_unit'] },
});

export default scales;
