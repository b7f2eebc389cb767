/**
 * The API's response contracts: zod schemas and their types, shared by the server (its presenters
 * and the contract tests) and the console (its types). A field not listed here is not in the API.
 */
export * from './records';
export * from './questions';
export * from './exams';
export * from './delivery';
export * from './correction';
export * from './schools';
export * from './reports';
export * from './web-reports';
export * from './item-analysis';
export * from './exam-localizations';
export * from './current-user';
export * from './audit-log';
export * from './exam-day';
export * from './role-homes';
export type * from './calibrations';
export type * from './adaptive';
