import { bilingualName, defineResource } from './vocabulary';

/** A school; its classes are edited on the school's screen. */
const schools = defineResource({
  name: 'schools',
  table: 'schools',
  platformScoped: false,
  menu: { group: 'system_settings', route: '/settings/schools' },
  fields: { ...bilingualName },
  list: { columns: ['id', 'name_en', 'name_ar'], sort: 'id', order: 'asc', search: ['name_en', 'name_ar'] },
  nameFromNameEn: true,
  schoolScope: 'id',
});

export default schools;
