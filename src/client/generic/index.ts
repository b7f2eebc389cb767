/** What the rest of the code base may use from this feature (lint refuses imports of its other files). */
export * from './DeclaredColumns';
export * from './DeclaredInputs';
export * from './DeclaredSections';
export * from './DeleteRecordButton';
export * from './GenericList';
export * from './SelectableRows';
export * from './ScreenContext';
export * from './ScreenParts';
export * from './menu-config';
export * from './registry';
export * from './screen-config';
export * from './useResourceNotify';
export * from './declaredPages';
export * from './DeclaredFilters';
export type { ScreenAddition, ScreenAdditions } from './overrides';
