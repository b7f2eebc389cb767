import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { SchemaRegistry } from '../../schemas/index';
import type { PlatformIdentifier, ResourceDefinition } from '../../schemas/vocabulary';
import { isFieldVisible } from '../../src/common/resource-validation';
import type { Db } from '../../src/server/db/database';
import { dynamic } from '../../src/server/db/dynamic';

const suffix = () => randomBytes(3).toString('hex');
/** Random letters, no digits: a made-up grade's or level's name never reads as a grade number. */
const letters = () => [...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** The key of a single-choice question: the first choice of `answer_type` is `single_choice`. */
const SINGLE_CHOICE_KEY = {
  options: [
    { id: 'o1', text: 'Yes', correct: true },
    { id: 'o2', text: 'No', correct: false },
  ],
};

/** A new platform; IRA or ISA decides which platform-dependent fields apply. */
export async function buildPlatform(db: Db, identifier: PlatformIdentifier) {
  const name = `Platform ${identifier} ${suffix()}`;
  return db
    .insertInto('platforms')
    .values({ name, name_en: name, name_ar: `منصة ${identifier} ${suffix()}`, identifier })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A valid body for a resource on a platform: text fields get readable values, numbers their
 * minimum, choices their first option, and references a freshly built record of the target.
 */
export async function validBody(
  db: Db,
  registry: SchemaRegistry,
  definition: ResourceDefinition,
  platform: { id: number; identifier: string },
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(definition.fields)) {
    if (!isFieldVisible(spec, platform.identifier as PlatformIdentifier)) continue;
    // A field the caller gives is not built: a reference's record made anyway was a stray grade
    // whose random name ("name_en 10f3c2") could read as the next one (roster-rollover's flake).
    if (field in overrides) continue;
    if (spec.type === 'datetime') body[field] = field.startsWith('end') ? '2026-06-30 15:00:00' : '2026-06-01 08:00:00';
    else if (spec.type === 'tags') body[field] = [];
    else if (spec.type === 'media') body[field] = null;
    else if (spec.type === 'answer') body[field] = SINGLE_CHOICE_KEY;
    else if (spec.type === 'references') {
      const target = registry.get(spec.resource)!;
      body[field] = [(await buildRecord(db, registry, target, platform)).id];
    }
    if (field === 'student_number') body[field] = `SN-${suffix()}`;
    // An address (an LTI platform's issuer and endpoints) reads as one.
    else if (spec.type === 'text' && (field.endsWith('_url') || field === 'issuer'))
      body[field] = `https://platform.test/${field}/${letters()}`;
    else if (spec.type === 'text') body[field] = field.endsWith('_ar') ? `قيمة ${letters()}` : `${field} ${letters()}`;
    else if (spec.type === 'number') body[field] = spec.min;
    // An optional choice with no default (a grade's CEDS code) is left unset, as a new record has it.
    else if (spec.type === 'choice') body[field] = !spec.required && spec.default === null ? null : spec.choices[0];
    else if (spec.type === 'email') body[field] = `${suffix()}@example.test`;
    else if (spec.type === 'boolean') body[field] = true;
    else if (spec.type === 'country') body[field] = 'AE';
    else if (spec.type === 'date') body[field] = '2015-04-01';
    else if (spec.type === 'reference')
      body[field] = (await buildRecord(db, registry, registry.get(spec.resource)!, platform)).id;
  }
  // A reference that must agree with the record (a student's class: their school and grade) is
  // built again once those are known.
  for (const [field, spec] of Object.entries(definition.fields)) {
    if (spec.type !== 'reference' || !spec.within || field in overrides || !(field in body)) continue;
    const agree = Object.fromEntries(spec.within.map((column) => [column, overrides[column] ?? body[column]]));
    body[field] = (await buildRecord(db, registry, registry.get(spec.resource)!, platform, agree)).id;
  }
  if (definition.platformScoped) body.platform_id = platform.id;
  return { ...body, ...overrides };
}

/** Inserts a record directly (bypassing the API) with everything it needs. */
export async function buildRecord(
  db: Db,
  registry: SchemaRegistry,
  definition: ResourceDefinition,
  platform: { id: number; identifier: string },
  overrides: Record<string, unknown> = {},
): Promise<{ id: number } & Record<string, unknown>> {
  if (definition.name === 'platforms') return buildPlatform(db, platform.identifier as PlatformIdentifier);
  const body = await validBody(db, registry, definition, platform, overrides);
  if (definition.nameFromNameEn) body.name = body.name_en;
  const joins: Array<{ through: { table: string; column: string; owner: string }; ids: number[] }> = [];
  for (const [field, spec] of Object.entries(definition.fields)) {
    if (spec.type === 'tags' || spec.type === 'answer') body[field] = JSON.stringify(body[field]);
    if (spec.type !== 'references' || !(field in body)) continue;
    joins.push({ through: spec.through, ids: body[field] as number[] });
    delete body[field];
  }
  // A column the database computes (a student's `is_complete`) takes no value.
  for (const column of await generatedColumns(db, definition.table)) delete body[column];
  const record = (await dynamic(db)
    .insertInto(definition.table)
    .values(body)
    .returningAll()
    .executeTakeFirstOrThrow()) as {
    id: number;
  };
  for (const { through, ids } of joins)
    for (const id of ids)
      await dynamic(db)
        .insertInto(through.table)
        .values({ [through.owner]: record.id, [through.column]: id })
        .execute();
  return record;
}

async function generatedColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'ALWAYS'`.execute(db);
  return rows.map((row) => row.column_name);
}
