import { lookup, type ResourceDefinition } from './vocabulary';

const rounds: ResourceDefinition = lookup('rounds', 'exams_settings', '/settings/exams/rounds');

export default rounds;
