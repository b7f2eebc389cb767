export { ltiRoutes } from './lti-routes';
export { defineLtiScoresJob, LTI_SCORES_QUEUE, sendReleasedScores } from './score-sync';
export { deepLinkRoutes } from './deep-link-routes';
