import { reference, text, type ResourceDefinition } from '../../../schemas/vocabulary';

/**
 * How the generic resource store lists exams: platform scoping, the lookup references (returned
 * as objects) and what a list may sort, search and filter. Writing goes through the exam form schema.
 */
export const examsDefinition: ResourceDefinition = {
  name: 'exams',
  table: 'exams',
  platformScoped: true,
  menu: { group: 'exams_settings', route: '/exams' },
  fields: {
    name_en: text(),
    name_ar: text(),
    duration_id: reference('durations'),
    grade_id: reference('grades', { required: false }),
    level_id: reference('levels', { required: false }),
    round_id: reference('rounds'),
    exam_type_id: reference('exam-types'),
    is_published: { type: 'boolean', required: false },
    start_date_time: text(30),
    end_date_time: text(30),
  },
  list: { columns: ['id', 'name_en', 'name_ar', 'round_id', 'is_published'], sort: 'id', order: 'desc', search: ['name_en', 'name_ar'] },
  nameFromNameEn: true,
  customRoutes: true,
};
