/**
 * What a declaration in schemas/ gives both sides: the record's types, its API contract, its
 * form's keys, blank values and request body. The validator is in ../resource-validation.ts.
 */
export * from './record-types';
export * from './contract';
export * from './form';
export * from './describe';
export * from './sections';
