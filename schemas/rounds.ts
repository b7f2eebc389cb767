import { lookup } from './vocabulary';

const rounds = lookup('rounds', 'exams_settings', '/settings/exams/rounds');

export default rounds;
