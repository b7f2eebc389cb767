import { choice, dateTime, defineResource, flag, number, reference, text } from './vocabulary';

/** SPEC section 5's messages of the exam form, as catalog keys. */
const m = (name: string, invalid?: string) => ({
  required: `exams.validation.${name}`,
  ...(invalid ? { invalid } : {}),
});
const MARK_RANGE = 'exams.validation.mark_range';
const mark = (name: string, initial: number) => number(0, 100, { decimals: 2, initial, messages: m(name, MARK_RANGE) });
/** An adaptive exam's rules: shown while its delivery mode is adaptive, kept with their defaults otherwise. */
const ADAPTIVE = { shownWhen: { field: 'delivery_mode', is: ['adaptive'] } } as const;
const adaptiveHelp = (name: string) => ({ ...ADAPTIVE, help: `exams.form.${name}_help` });
const ADAPTIVE_LENGTH = 'exams.validation.adaptive_length';
const OUTCOME_MIN = 'exams.validation.adaptive_outcome_min';
const OUTCOME_MAX = 'exams.validation.adaptive_outcome_max';

/**
 * An exam (SPEC sections 3 to 5): grade on IRA platforms, level on ISA; the end after the start and
 * the pass mark between the minimum and maximum marks. Its form holds its questions, so its list,
 * form, preview and localized exams are custom pages; the API is the exams module's.
 */
const exams = defineResource({
  name: 'exams',
  table: 'exams',
  platformScoped: true,
  menu: { group: 'main', route: '/exams' },
  fields: {
    // In the form's order.
    name_en: text(255, { script: 'latin', messages: m('name_en_required') }),
    name_ar: text(255, { script: 'ar', messages: m('name_ar_required') }),
    duration_id: reference('durations', { messages: m('duration_required') }),
    round_id: reference('rounds', { messages: m('round_required') }),
    grade_id: reference('grades', { platforms: ['IRA'], messages: m('grade_required') }),
    level_id: reference('levels', { platforms: ['ISA'], messages: m('level_required') }),
    exam_type_id: reference('exam-types', { messages: m('type_required') }),
    // Reports (issue 14) group results by academic year and round.
    academic_year_id: reference('academic-years', { required: false, default: null }),
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
    // A new exam's marks start at the usual 0/100/50; 0 questions per page means all on one page.
    min_mark: mark('min_mark_required', 0),
    max_mark: mark('max_mark_required', 100),
    pass_mark: mark('pass_mark_required', 50),
    questions_per_page: number(0, 200, {
      initial: 0,
      help: 'exams.form.questions_per_page_help',
      messages: m('questions_per_page_required', 'exams.validation.questions_per_page_required'),
    }),
    // Correction (issue 13): two blind markers per manually marked answer, a third deciding when they
    // differ by more than the threshold (percent of the question's mark); markers see a code instead
    // of the student's name and school when marking is anonymous.
    double_marking: flag({ default: false, help: 'exams.form.double_marking_help' }),
    double_marking_threshold: number(0, 100, {
      decimals: 2,
      required: false,
      default: 20,
      help: 'exams.form.double_marking_threshold_help',
      messages: { required: MARK_RANGE, invalid: MARK_RANGE },
    }),
    anonymous_marking: flag({ default: false, help: 'exams.form.anonymous_marking_help' }),
    // Issue 46: the attempt's requests are refused without Safe Exam Browser's Config Key hash.
    safe_exam_browser: flag({ default: false, help: 'exams.form.safe_exam_browser_help' }),
    // And, when any is given, one of these Browser Exam Keys (SEB's build and settings: the school's
    // own SEB shows it), checked through `X-SafeExamBrowser-RequestHash`.
    seb_browser_exam_keys: {
      type: 'tags',
      max: 20,
      maxLength: 64,
      required: false,
      default: [],
      help: 'exams.form.seb_browser_exam_keys_help',
      shownWhen: { field: 'safe_exam_browser', is: ['true'] },
    },
    tags: { type: 'tags', max: 20, maxLength: 50, required: false, default: [], help: 'exams.form.tags_help' },
    // Adaptive delivery (issue 43): the exam's questions are its pool; each student gets the most
    // informative at their current ability, from minimum to maximum questions, until the standard
    // error of their ability reaches the target.
    delivery_mode: choice(['fixed', 'adaptive'], { default: 'fixed', help: 'exams.form.delivery_mode_help' }),
    adaptive_min_questions: number(1, 200, {
      required: false,
      default: 10,
      ...adaptiveHelp('adaptive_min_questions'),
      messages: { required: ADAPTIVE_LENGTH, invalid: ADAPTIVE_LENGTH },
    }),
    adaptive_max_questions: number(1, 200, {
      required: false,
      default: 40,
      ...ADAPTIVE,
      messages: { required: ADAPTIVE_LENGTH, invalid: ADAPTIVE_LENGTH },
    }),
    adaptive_se_target: number(0.1, 1.5, {
      decimals: 2,
      required: false,
      default: 0.3,
      ...adaptiveHelp('adaptive_se_target'),
      messages: { required: 'exams.validation.adaptive_se_target', invalid: 'exams.validation.adaptive_se_target' },
    }),
    adaptive_start: choice(['stage_mean', 'last_score'], { default: 'stage_mean', ...adaptiveHelp('adaptive_start') }),
    adaptive_exposure: choice(['none', 'randomesque', 'sympson_hetter'], { default: 'randomesque', ...ADAPTIVE }),
    adaptive_randomesque: number(1, 10, { required: false, default: 5, ...adaptiveHelp('adaptive_randomesque') }),
    // Sympson–Hetter: the largest share of students any question may reach; publishing computes
    // each question's control probability by simulating the grade's students.
    adaptive_exposure_ceiling: number(0.05, 0.9, {
      decimals: 2,
      required: false,
      default: 0.25,
      shownWhen: { field: 'adaptive_exposure', is: ['sympson_hetter'] },
      help: 'exams.form.adaptive_exposure_ceiling_help',
      messages: { required: 'exams.validation.adaptive_ceiling', invalid: 'exams.validation.adaptive_ceiling' },
    }),
    adaptive_content: choice(['none', 'outcomes'], { default: 'none', ...adaptiveHelp('adaptive_content') }),
    // Content rules: at least and at most so many questions of each learning outcome in a student's test.
    adaptive_outcome_min: number(0, 50, {
      required: false,
      default: 0,
      ...adaptiveHelp('adaptive_outcome_min'),
      messages: { required: OUTCOME_MIN, invalid: OUTCOME_MIN },
    }),
    adaptive_outcome_max: number(1, 200, {
      required: false,
      default: null,
      ...ADAPTIVE,
      messages: { required: OUTCOME_MAX, invalid: OUTCOME_MAX },
    }),
    // Set by publish and unpublish only (SPEC section 4), never by the form.
    is_published: flag({ managed: true }),
  },
  // Read-only values of SPEC section 3 (duration minutes, type) and the totals of the questions.
  computed: {
    type: 'related',
    duration_minutes: 'number|null',
    total_mark: 'number',
    total_questions_mark: 'number',
    questions_count: 'number',
    started_count: 'number',
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
      'questions_count',
      'total_mark',
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
  // The list, form, preview, localized exams, assignment, correction and item analysis.
  pages: { screens: { path: '/exams/*', view: 'exams/ExamsRoutes' } },
  readOnly: ['questions', 'localizations_count', 'created_by'],
  rules: ['exams.endAfterStart', 'exams.passBetweenMarks', 'exams.adaptiveRules', 'exams.sebBrowserExamKeys'],
});

export default exams;
