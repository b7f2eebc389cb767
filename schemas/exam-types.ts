import { lookup, type ResourceDefinition } from './vocabulary';

const examTypes: ResourceDefinition = lookup('exam-types', 'exams_settings', '/settings/exams/exam-types');

export default examTypes;
