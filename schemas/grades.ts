import { bilingualName, choice, defineResource } from './vocabulary';

/**
 * The entry grade levels of the Common Education Data Standards, as OneRoster files write them in
 * `grades` (`KG`, `01` to `13`...). An administrator sets once which code each grade of a platform
 * is, and roster imports read a file's codes through it (issue 40).
 */
export const CEDS_GRADES = [
  'IT',
  'PR',
  'PK',
  'TK',
  'KG',
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  'PS',
  'UG',
  'Other',
] as const;

/** A school grade of a platform (IRA), in both languages, with the CEDS code files name it by. */
const grades = defineResource({
  name: 'grades',
  table: 'grades',
  platformScoped: true,
  menu: { group: 'exams_settings', route: '/settings/exams/grades' },
  fields: {
    ...bilingualName,
    ceds_code: choice(CEDS_GRADES, { required: false, default: null, help: 'resources.grades.help.ceds_code' }),
  },
  list: {
    columns: ['id', 'name_en', 'name_ar', 'ceds_code'],
    sort: 'id',
    order: 'asc',
    search: ['name_en', 'name_ar'],
  },
  nameFromNameEn: true,
});

export default grades;
