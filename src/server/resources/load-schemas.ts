import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { definitionsFromModules, SchemaRegistry } from '../../../schemas/index';

const DIR = fileURLToPath(new URL('../../../schemas/', import.meta.url));

/** Reads every schema file in `schemas/`: adding a resource is adding a file there. */
export async function loadSchemaRegistry(): Promise<SchemaRegistry> {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.ts'));
  const modules: Record<string, unknown> = {};
  for (const file of files) modules[`./${file}`] = await import(pathToFileURL(`${DIR}${file}`).href);
  return new SchemaRegistry(definitionsFromModules(modules));
}
