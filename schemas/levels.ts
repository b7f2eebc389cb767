import { lookup } from './vocabulary';

const levels = lookup('levels', 'exams_settings', '/settings/exams/levels');

export default levels;
