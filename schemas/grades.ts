import { lookup, type ResourceDefinition } from './vocabulary';

const grades: ResourceDefinition = lookup('grades', 'exams_settings', '/settings/exams/grades');

export default grades;
