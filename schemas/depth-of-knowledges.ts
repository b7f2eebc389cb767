import { lookup } from './vocabulary';

const depthOfKnowledges = lookup('depth-of-knowledges', 'questions_settings', '/settings/questions/depth-of-knowledge');

export default depthOfKnowledges;
