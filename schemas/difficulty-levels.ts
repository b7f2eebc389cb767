import { lookup } from './vocabulary';

const difficultyLevels = lookup('difficulty-levels', 'questions_settings', '/settings/questions/difficulty-levels');

export default difficultyLevels;
