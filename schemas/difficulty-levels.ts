import { lookup, type ResourceDefinition } from './vocabulary';

const difficultyLevels: ResourceDefinition = lookup(
  'difficulty-levels',
  'questions_settings',
  '/settings/questions/difficulty-levels',
);

export default difficultyLevels;
