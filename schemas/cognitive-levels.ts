import { lookup, type ResourceDefinition } from './vocabulary';

const cognitiveLevels: ResourceDefinition = lookup(
  'cognitive-levels',
  'questions_settings',
  '/settings/questions/cognitive-levels',
);

export default cognitiveLevels;
