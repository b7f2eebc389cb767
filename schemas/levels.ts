import { lookup, type ResourceDefinition } from './vocabulary';

const levels: ResourceDefinition = lookup('levels', 'exams_settings', '/settings/exams/levels');

export default levels;
