import { definitionsFromModules, SchemaRegistry } from '../../../schemas/index';

/**
 * Every schema file, bundled at build time: adding a file to `schemas/` adds its screens,
 * routes and menu entry with no other console change.
 */
const modules = import.meta.glob('../../../schemas/*.ts', { eager: true });

export const schemaRegistry = new SchemaRegistry(definitionsFromModules(modules));
