export { ltiRoutes } from './lti-routes';
