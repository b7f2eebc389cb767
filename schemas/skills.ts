import { lookup } from './vocabulary';

const skills = lookup('skills', 'exams_settings', '/settings/exams/skills');

export default skills;
