import { lookup } from './vocabulary';

const cognitiveLevels = lookup('cognitive-levels', 'questions_settings', '/settings/questions/cognitive-levels');

export default cognitiveLevels;
