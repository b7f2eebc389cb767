import { z } from 'zod';
import type { ComputedKind, FieldDefinition, ResourceDefinition } from '../../../schemas/vocabulary';
import { platformRef, relatedRecord, timestamps } from '../contracts/records';
import { relationOf } from '../resource-validation';
import type { RecordOf } from './record-types';

const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Whether a stored record may hold null for this field (the run-time twin of `FieldValue`'s rule). */
export function mayBeNull(field: FieldDefinition): boolean {
  if (['boolean', 'references', 'tags', 'answer'].includes(field.type)) return false;
  if (field.platforms) return true;
  if (field.required) return false;
  return field.default === undefined || field.default === null;
}

/** A field's value as the API sends it. */
function valueContract(field: FieldDefinition): z.ZodType {
  switch (field.type) {
    case 'number':
    case 'reference':
      return z.number();
    case 'choice':
      return z.enum(field.choices as [string, ...string[]]);
    case 'boolean':
      return z.boolean();
    case 'references':
      return z.array(z.number());
    case 'tags':
      return z.array(z.string());
    case 'answer':
      return z.unknown();
    case 'datetime':
      return wallTime;
    case 'date':
      return calendarDate;
    default:
      return z.string();
  }
}

const COMPUTED: Record<ComputedKind, z.ZodType> = {
  number: z.number(),
  'number|null': z.number().nullable(),
  string: z.string(),
  'string|null': z.string().nullable(),
  boolean: z.boolean(),
  related: relatedRecord.nullable(),
  'related[]': z.array(relatedRecord),
  unknown: z.unknown(),
};

/**
 * A record's shape as the API answers it, from its declaration: `id`, every field (null where the
 * declaration allows none), the related record beside each reference, the platform, the computed
 * values and the timestamps; strict, so a key the declaration does not make is not in the API.
 * `extra` adds what a declaration cannot say (an alias the spec names).
 */
export function shapeOf(definition: ResourceDefinition): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = { id: z.number() };
  if (definition.nameFromNameEn) shape.name = z.string();
  for (const [name, field] of Object.entries(definition.fields)) {
    const value = valueContract(field);
    shape[name] = mayBeNull(field) ? value.nullable() : value;
    if (field.type === 'reference') shape[relationOf(name)] = relatedRecord.nullable().optional();
    if (field.type === 'references') shape[relationOf(name)] = z.array(relatedRecord).optional();
  }
  if (definition.platformScoped) {
    shape.platform_id = z.number();
    shape.platform = platformRef.nullable().optional();
  }
  for (const [name, kind] of Object.entries(definition.computed ?? {})) shape[name] = COMPUTED[kind].optional();
  return { ...shape, ...timestamps };
}

export function recordContract<D extends ResourceDefinition, X extends z.ZodRawShape = Record<never, z.ZodType>>(
  definition: D,
  extra?: X,
): z.ZodType<RecordOf<D> & z.infer<z.ZodObject<X>>> {
  return z.strictObject({ ...shapeOf(definition), ...extra }) as unknown as z.ZodType<
    RecordOf<D> & z.infer<z.ZodObject<X>>
  >;
}
