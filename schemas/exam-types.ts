import { defineResource, lookup } from './vocabulary';

const base = lookup('exam-types', 'exams_settings', '/settings/exams/exam-types');

/** An exam type; a mock type's exams are practice: taken any number of times and never reported. */
const examTypes = defineResource({
  ...base,
  fields: { ...base.fields, is_mock: { type: 'boolean', required: false } },
  list: { ...base.list, columns: ['id', 'name_en', 'name_ar', 'is_mock'] },
});

export default examTypes;
