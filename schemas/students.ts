import { bilingualName, choice, country, date, defineResource, flag, number, reference, text } from './vocabulary';

/**
 * A student of a school: their number (unique on the platform: every import matches on it), class,
 * grade (and level on ISA platforms), gender, nationality (ISO 3166 code; both may be missing from
 * an imported file, and the student is then incomplete), date of birth, whether
 * they are active, and their accommodation (extra time in percent of an exam's duration and in
 * minutes, with its reason: every timed exam they sit gives it to them, practice tests included). Staff
 * see and manage only their own schools' students; one with attempts is never deleted. Every
 * student has an account (`user_id`, username from their number), served by src/server/roster.
 */
const ACCOMMODATIONS = ['accommodations.edit'] as const;

const students = defineResource({
  name: 'students',
  table: 'students',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/students' },
  fields: {
    student_number: text(40, { script: 'latin' }),
    // One name in Latin script and one in Arabic; `name` keeps the Latin one (SPEC section 3).
    ...bilingualName,
    school_id: reference('schools'),
    school_class_id: reference('school-classes', { within: ['school_id', 'grade_id'] }),
    grade_id: reference('grades'),
    level_id: reference('levels', { required: false, default: null }),
    // A file may not carry them (OneRoster has no column for either): the student is kept and listed
    // as incomplete (`is_complete`, kept by the database) until they are filled in (issue 40).
    gender: choice(['male', 'female'], { required: false, default: null }),
    nationality: country({ required: false, default: null }),
    national_id: text(40, { required: false, default: null, script: 'latin' }),
    date_of_birth: date({ required: false, default: null }),
    is_active: flag({ default: true }),
    // An accommodation, given with its reason by those allowed to (issue 39; src/server/roster/accommodations.ts).
    extra_time_percent: number(0, 100, {
      required: false,
      default: 0,
      help: 'resources.students.help.extra_time',
      editableWith: ACCOMMODATIONS,
    }),
    extra_time_minutes: number(0, 600, {
      required: false,
      default: 0,
      help: 'resources.students.help.extra_time_minutes',
      editableWith: ACCOMMODATIONS,
    }),
    extra_time_reason: text(500, { required: false, default: null, editableWith: ACCOMMODATIONS }),
    is_complete: flag({ managed: true }),
  },
  list: {
    columns: [
      'student_number',
      'name_en',
      'name_ar',
      'school_id',
      'school_class_id',
      'grade_id',
      'is_active',
      'is_complete',
    ],
    sort: 'id',
    order: 'asc',
    search: ['student_number', 'name_en', 'name_ar'],
    filters: ['school_id', 'school_class_id', 'grade_id', 'is_active', 'is_complete'],
  },
  nameFromNameEn: true,
  schoolScope: 'school_id',
  rules: ['students.studentNumber', 'students.accommodationReason'],
  customRoutes: true,
  pages: {
    roster: { path: '/settings/roster', view: 'roster/RosterPage', access: ['rosters'], menu: 'main' },
  },
});

export default students;
