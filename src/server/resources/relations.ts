import type { SchemaRegistry } from '../../../schemas/index';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { relationOf } from '../../common/resource-validation';
import { dynamic, type DynamicDb, type DynamicRow } from '../db/dynamic';
import type { Db } from '../db/database';
import { presentRecord } from './record-presenter';

/**
 * Adds to raw rows what their declaration relates them to, each presented by its own declaration:
 * a reference as an object (`skill_id` -> `skill`), a multi-reference as ids and objects
 * (`skill_ids`, `skills`), and the platform. One query per relation, whatever the number of rows.
 */
export async function addRelations(
  database: Db | DynamicDb,
  registry: SchemaRegistry,
  definition: ResourceDefinition,
  rows: DynamicRow[],
  timeZone: string,
): Promise<void> {
  if (rows.length === 0) return;
  const db = dynamic(database);
  const related = async (resource: string, ids: number[]) => {
    const target = registry.get(resource)!;
    if (ids.length === 0) return new Map<number, DynamicRow>();
    const found = await db
      .selectFrom(target.table)
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(found.map((r) => [r.id as number, presentRecord(target, r, timeZone)]));
  };

  const singles: [string, string][] = Object.entries(definition.fields).flatMap(([field, spec]) =>
    spec.type === 'reference' ? [[field, spec.resource] as [string, string]] : [],
  );
  if (definition.platformScoped) singles.push(['platform_id', 'platforms']);
  for (const [field, resource] of singles) {
    const byId = await related(
      resource,
      rows.map((r) => r[field]).filter((v): v is number => typeof v === 'number'),
    );
    for (const row of rows) row[relationOf(field)] = byId.get(row[field] as number) ?? null;
  }

  for (const [field, spec] of Object.entries(definition.fields)) {
    if (spec.type !== 'references') continue;
    const { table, owner, column } = spec.through;
    const links = await db
      .selectFrom(table)
      .select([owner, column])
      .where(
        owner,
        'in',
        rows.map((r) => r.id as number),
      )
      .orderBy(column)
      .execute();
    const byId = await related(
      spec.resource,
      links.map((l) => l[column] as number),
    );
    for (const row of rows) {
      const ids = links.filter((l) => l[owner] === row.id).map((l) => l[column] as number);
      row[field] = ids;
      row[relationOf(field)] = ids.map((id) => byId.get(id)).filter(Boolean);
    }
  }
}
