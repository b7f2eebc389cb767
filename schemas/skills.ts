import { lookup, type ResourceDefinition } from './vocabulary';

const skills: ResourceDefinition = lookup('skills', 'exams_settings', '/settings/exams/skills');

export default skills;
