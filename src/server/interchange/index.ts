/** What the rest of the code base may use from question interchange (lint refuses imports of its other files). */
export { interchangeRoutes } from './interchange-routes';
export { runQuestionImport } from './interchange-imports';
