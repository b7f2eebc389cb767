/**
 * The vocabulary of declarations. A declaration is plain data: no JSX and no display text.
 * Labels come from `resources.<name>.fields.<field>` in locales/*; messages are catalog keys.
 * From a declaration come the server's validator, routes, list query, stored columns and
 * presenter, the API contract and the record's types (src/common/declarations), and the
 * console's generic screens, filters, labels, menu links and the pages it mounts.
 */
export * from './parts/fields';
export * from './parts/resource';
export * from './parts/reports';
