import { bilingualName, defineResource, reference } from './vocabulary';

/** A class of a school, in one grade; assignment and reports work with classes. */
const schoolClasses = defineResource({
  name: 'school-classes',
  table: 'school_classes',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/schools' },
  fields: { ...bilingualName, school_id: reference('schools'), grade_id: reference('grades') },
  list: { columns: ['id', 'name_en', 'name_ar', 'grade_id'], sort: 'id', order: 'asc', search: ['name_en', 'name_ar'] },
  nameFromNameEn: true,
  schoolScope: 'school_id',
  parent: { resource: 'schools', field: 'school_id' },
});

export default schoolClasses;
