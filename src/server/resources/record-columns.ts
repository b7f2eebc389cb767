import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { parseWallTime } from '../../common/datetime';

/** What a validated record becomes in storage: its table's columns, and the ids of each join table. */
export interface StoredRecord {
  columns: Record<string, unknown>;
  links: { table: string; owner: string; column: string; ids: number[] }[];
}

/**
 * Validated values -> stored columns, from the declaration: wall-clock date-times become instants
 * in the schools' time zone, lists and answer definitions become JSON, `name` copies `name_en`,
 * and a multi-reference goes to its join table.
 */
export function storedRecord(
  definition: ResourceDefinition,
  values: Record<string, unknown>,
  timeZone: string,
): StoredRecord {
  const columns: Record<string, unknown> = {};
  const links: StoredRecord['links'] = [];
  for (const [name, field] of Object.entries(definition.fields)) {
    // The server's own actions keep these (publish sets an exam's flag); the column's default starts them.
    if (field.managed) continue;
    const value = values[name] ?? null;
    switch (field.type) {
      case 'references':
        links.push({ ...field.through, ids: [...new Set((value as number[] | null) ?? [])] });
        break;
      case 'datetime':
        columns[name] = typeof value === 'string' ? parseWallTime(value, timeZone) : null;
        break;
      case 'tags':
      case 'answer':
        columns[name] = JSON.stringify(value ?? (field.type === 'tags' ? [] : null));
        break;
      case 'boolean':
        // An optional switch left out is off (a boolean column has no "unknown").
        columns[name] = value ?? false;
        break;
      default:
        columns[name] = value;
    }
  }
  if (definition.platformScoped) columns.platform_id = values.platform_id;
  if (definition.nameFromNameEn) columns.name = values.name_en;
  return { columns, links };
}

/** The columns a declaration's record is stored in: its fields but the multi-references, and its platform. */
export function storedColumns(definition: ResourceDefinition): string[] {
  const fields = Object.entries(definition.fields)
    .filter(([, field]) => field.type !== 'references')
    .map(([name]) => name);
  return [
    ...(definition.platformScoped ? ['platform_id'] : []),
    ...(definition.nameFromNameEn ? ['name'] : []),
    ...fields,
  ];
}
