import { defineResource, lookup, number } from './vocabulary';

const base = lookup('durations', 'exams_settings', '/settings/exams/durations');

/** An exam duration: a number of minutes with a bilingual name. */
const durations = defineResource({
  ...base,
  fields: { ...base.fields, number: number(1, 1440) },
  list: { ...base.list, columns: ['id', 'name_en', 'name_ar', 'number'] },
});

export default durations;
