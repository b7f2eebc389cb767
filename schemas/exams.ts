import { dateTime, number, reference, text, type ResourceDefinition } from './vocabulary';

/** SPEC section 5's messages of the exam form, as catalog keys. */
const m = (name: string, invalid?: string) => ({
  required: `exams.validation.${name}`,
  ...(invalid ? { invalid } : {}),
});
const MARK_RANGE = 'exams.validation.mark_range';
const mark = (name: string) => number(0, 100, { decimals: 2, messages: m(name, MARK_RANGE) });

/**
 * An exam (SPEC sections 3 to 5): grade on IRA platforms, level on ISA; the end after the start and
 * the pass mark between the minimum and maximum marks. Its form holds its questions, so its list,
 * form, preview and localized exams are custom pages; the API is the exams module's.
 */
const exams: ResourceDefinition = {
  name: 'exams',
  table: 'exams',
  platformScoped: true,
  menu: { group: 'main', route: '/exams' },
  fields: {
    name_en: text(255, { messages: m('name_en_required') }),
    name_ar: text(255, { messages: m('name_ar_required') }),
    duration_id: reference('durations', { messages: m('duration_required') }),
    grade_id: reference('grades', { platforms: ['IRA'], messages: m('grade_required') }),
    level_id: reference('levels', { platforms: ['ISA'], messages: m('level_required') }),
    round_id: reference('rounds', { messages: m('round_required') }),
    // Reports (issue 14) group results by academic year and round.
    academic_year_id: reference('academic-years', { required: false, default: null }),
    exam_type_id: reference('exam-types', { messages: m('type_required') }),
    skill_ids: {
      type: 'references',
      resource: 'skills',
      through: { table: 'exam_skills', column: 'skill_id', owner: 'exam_id' },
      filter: 'skill_id',
      min: 1,
      max: 20,
      required: true,
      messages: m('skill_required'),
    },
    start_date_time: dateTime({ messages: m('start_required') }),
    end_date_time: dateTime({ messages: m('end_required') }),
    min_mark: mark('min_mark_required'),
    max_mark: mark('max_mark_required'),
    pass_mark: mark('pass_mark_required'),
    questions_per_page: number(0, 200, {
      messages: m('questions_per_page_required', 'exams.validation.questions_per_page_required'),
    }),
    tags: { type: 'tags', max: 20, maxLength: 50, required: false, default: [] },
    // Correction (issue 13): two blind markers per manually marked answer, a third deciding when they
    // differ by more than the threshold (percent of the question's mark); markers see a code instead
    // of the student's name and school when marking is anonymous.
    double_marking: { type: 'boolean', required: false, default: false },
    double_marking_threshold: number(0, 100, {
      decimals: 2,
      required: false,
      default: 20,
      messages: { required: MARK_RANGE, invalid: MARK_RANGE },
    }),
    anonymous_marking: { type: 'boolean', required: false, default: false },
    is_published: { type: 'boolean', required: false },
  },
  list: {
    columns: [
      'id',
      'name_en',
      'name_ar',
      'round_id',
      'grade_id',
      'level_id',
      'skill_ids',
      'is_published',
      'start_date_time',
    ],
    sort: 'id',
    order: 'desc',
    search: ['name_en', 'name_ar'],
    filters: ['round_id', 'grade_id', 'level_id', 'skill_ids', 'exam_type_id', 'is_published'],
  },
  platformMessage: 'questions.platform_required',
  nameFromNameEn: true,
  customRoutes: true,
  screens: { list: 'custom', create: 'custom', edit: 'custom', pages: ['preview', 'localize'] },
  readOnly: [
    'total_mark',
    'total_questions_mark',
    'duration',
    'grade',
    'skills',
    'level',
    'round',
    'type',
    'exam_type',
    'questions',
    'questions_count',
    'localizations_count',
    'created_by',
    'started_count',
    'duration_minutes',
  ],
  rules: ['exams.endAfterStart', 'exams.passBetweenMarks'],
};

export default exams;
