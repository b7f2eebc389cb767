/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export * from './questions-store';
export * from './question-body';
export * from './sanitize-rich-text';
export * from './sanitize-keys';
