import type { FieldDefinition, ResourceDefinition } from '../../../schemas/vocabulary';
import type { FormValuesOf } from './record-types';

/** The fields a form edits and sends: every declared field but those the server keeps. */
export function formKeys<D extends ResourceDefinition>(definition: D): (keyof FormValuesOf<D> & string)[] {
  const keys = Object.entries(definition.fields)
    .filter(([, field]) => !field.managed)
    .map(([name]) => name);
  return (definition.platformScoped ? [...keys, 'platform_id'] : keys) as (keyof FormValuesOf<D> & string)[];
}

/** What an empty input of a field holds: lists empty, switches off, the rest blank. */
function emptyValue(field: FieldDefinition): unknown {
  switch (field.type) {
    case 'references':
    case 'tags':
      return [];
    case 'boolean':
      return false;
    case 'text':
    case 'email':
    case 'date':
    case 'datetime':
      return '';
    default:
      return null;
  }
}

/**
 * A new record's form (SPEC section 3's blank exam): each field's `initial`, else its default,
 * else empty, so the spec's "required" messages apply to what the author has not filled in.
 */
export function blankRecord<D extends ResourceDefinition>(
  definition: D,
  platformId?: number,
): FormValuesOf<D> & { id: 0 } {
  const values: Record<string, unknown> = { id: 0 };
  for (const [name, field] of Object.entries(definition.fields)) {
    if (field.managed) continue;
    const start = field.initial !== undefined ? field.initial : field.default;
    values[name] = start !== undefined ? structuredClone(start) : emptyValue(field);
  }
  if (definition.platformScoped) values.platform_id = platformId ?? null;
  return values as FormValuesOf<D> & { id: 0 };
}

/**
 * A form's request body: its fields only (read-only relations and computed values left out), a
 * cleared optional select ('' in react-admin) sent as null, and `name` from `name_en` where the
 * declaration says so (SPEC section 3).
 */
export function formPayload(definition: ResourceDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of formKeys(definition)) {
    const field = definition.fields[key];
    const value = values[key];
    if (value === '' && (key === 'platform_id' || field?.type === 'reference')) body[key] = null;
    else if (field && (field.type === 'tags' || field.type === 'references'))
      body[key] = Array.isArray(value) ? value : [];
    else body[key] = value ?? null;
  }
  if (definition.nameFromNameEn) body.name = values.name_en;
  return body;
}

/** The key a form's preloaded records of a resource go under: `exam-types` -> `examTypes`. */
export const lookupKey = (resource: string): string =>
  resource.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());

/** The resources a declaration's references point at, once each (an exam's durations, skills, ...). */
export function referencedResources(definition: ResourceDefinition): string[] {
  const resources = Object.values(definition.fields).flatMap((field) =>
    field.type === 'reference' || field.type === 'references' ? [field.resource] : [],
  );
  return [...new Set(resources)];
}

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** The lookup key of a reference field's resource, as a type. */
export type LookupKey<F> = F extends { type: 'reference' | 'references'; resource: infer R extends string }
  ? Camel<R>
  : never;

/** A stored record as a form's values: its editable fields, empty where the record has none. */
export function formValuesOf<D extends ResourceDefinition>(
  definition: D,
  record: Record<string, unknown>,
): FormValuesOf<D> {
  const blank = blankRecord(definition) as Record<string, unknown>;
  const values: Record<string, unknown> = { id: record.id ?? null };
  for (const key of formKeys(definition)) values[key] = record[key] ?? (key in blank ? blank[key] : null);
  return values as FormValuesOf<D>;
}
