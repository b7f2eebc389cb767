import { lookup, type ResourceDefinition } from './vocabulary';

const questionTypes: ResourceDefinition = lookup(
  'question-types',
  'questions_settings',
  '/settings/questions/question-types',
);

export default questionTypes;
