import { bilingualName, choice, country, defineResource, reference } from './vocabulary';

/**
 * A student of a school: their class, grade (and level on ISA platforms), gender and nationality
 * (ISO 3166 code). Staff see and manage only their own schools' students; one with attempts is
 * never deleted. An account (`user_id`) lets them sign in.
 */
const students = defineResource({
  name: 'students',
  table: 'students',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/students' },
  fields: {
    // One name in Latin script and one in Arabic; `name` keeps the Latin one (SPEC section 3).
    ...bilingualName,
    school_id: reference('schools'),
    school_class_id: reference('school-classes', { within: ['school_id', 'grade_id'] }),
    grade_id: reference('grades'),
    level_id: reference('levels', { required: false, default: null }),
    gender: choice(['male', 'female']),
    nationality: country(),
  },
  list: {
    columns: ['id', 'name_en', 'name_ar', 'school_id', 'school_class_id', 'grade_id', 'gender', 'nationality'],
    sort: 'id',
    order: 'asc',
    search: ['name_en', 'name_ar'],
    filters: ['school_id', 'school_class_id', 'grade_id'],
  },
  nameFromNameEn: true,
  schoolScope: 'school_id',
});

export default students;
