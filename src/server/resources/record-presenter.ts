import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { formatWallTime } from '../../common/datetime';
import { relationOf } from '../../common/resource-validation';
import type { DynamicRow } from '../db/dynamic';

/** A `date` column as `YYYY-MM-DD`: pg gives a Date at local midnight, PGlite may give text. */
const calendarDate = (value: unknown) =>
  value instanceof Date
    ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
    : String(value).slice(0, 10);

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * A stored row as the API shows it, field by field from the declaration: nothing of the row
 * leaves unless it is declared (a column added to a table does not leak). Date-times travel as
 * the schools' wall clock, decimals as numbers, lists and answer definitions as JSON.
 */
export function presentRecord(definition: ResourceDefinition, row: DynamicRow, timeZone: string): DynamicRow {
  const record: DynamicRow = { id: row.id };
  if (definition.nameFromNameEn) record.name = row.name;
  for (const [name, field] of Object.entries(definition.fields)) {
    const value = row[name];
    switch (field.type) {
      case 'references':
        record[name] = value ?? [];
        break;
      case 'datetime':
        record[name] = value ? formatWallTime(value as Date, timeZone) : null;
        break;
      case 'date':
        record[name] = value ? calendarDate(value) : null;
        break;
      case 'number':
        record[name] = value === null || value === undefined ? null : Number(value);
        break;
      case 'tags':
      case 'answer':
        record[name] = json(value) ?? (field.type === 'tags' ? [] : null);
        break;
      default:
        record[name] = value ?? null;
    }
    if (field.type === 'reference' || field.type === 'references') {
      const relation = relationOf(name);
      if (relation in row) record[relation] = row[relation];
    }
  }
  if (definition.platformScoped) {
    record.platform_id = row.platform_id;
    if ('platform' in row) record.platform = row.platform;
  }
  if ('created_at' in row) record.created_at = row.created_at;
  if ('updated_at' in row) record.updated_at = row.updated_at;
  return record;
}
