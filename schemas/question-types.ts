import { lookup } from './vocabulary';

const questionTypes = lookup('question-types', 'questions_settings', '/settings/questions/question-types');

export default questionTypes;
