import { lookup, type ResourceDefinition } from './vocabulary';

const depthOfKnowledges: ResourceDefinition = lookup(
  'depth-of-knowledges',
  'questions_settings',
  '/settings/questions/depth-of-knowledge',
);

export default depthOfKnowledges;
