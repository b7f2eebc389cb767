import { bilingualName, defineResource } from './vocabulary';

/** A school year (e.g. 2026-2027); reports filter by it. Not tied to a platform. */
const academicYears = defineResource({
  name: 'academic-years',
  table: 'academic_years',
  platformScoped: false,
  menu: { group: 'exams_settings', route: '/settings/exams/academic-years' },
  fields: { ...bilingualName },
  list: { columns: ['id', 'name_en', 'name_ar'], sort: 'id', order: 'asc', search: ['name_en', 'name_ar'] },
  nameFromNameEn: true,
});

export default academicYears;
