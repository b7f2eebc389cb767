import { lookup } from './vocabulary';

const grades = lookup('grades', 'exams_settings', '/settings/exams/grades');

export default grades;
