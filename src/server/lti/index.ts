export { ltiRoutes } from './lti-routes';
export { defineLtiScoresJob, LTI_SCORES_QUEUE, sendReleasedScores } from './score-sync';
export { DEEP_LINK_PAGE, deepLinkPageOrigins, deepLinkRoutes } from './deep-link-routes';
export { syncCourseRosters } from './roster-sync';
export { accountLinkRoutes } from './account-link-routes';
