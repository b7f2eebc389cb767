/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export * from './list-query';
export * from './load-schemas';
export * from './platform-references';
export * from './resource-store';
export * from './record-columns';
export * from './record-presenter';
