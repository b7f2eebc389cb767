/** What the rest of the console may use from the schools and reports screens. */
export { REPORT_PERMISSIONS } from './access';
export { REPORT_PATHS } from './paths';
