import { z } from 'zod';
import type { FieldDefinition, PlatformIdentifier, ResourceDefinition } from '../../schemas/vocabulary';
import { whenMissing } from './validation';

/** Keys a client may send back from a record it read; they are accepted and ignored on save. */
export const READ_ONLY_KEYS = ['id', 'name', 'created_at', 'updated_at', 'platform'] as const;

/** Whether a field is shown and accepted on a platform with this identifier. */
export function isFieldVisible(field: FieldDefinition, identifier: PlatformIdentifier | null): boolean {
  return !field.platforms || (identifier !== null && field.platforms.includes(identifier));
}

/** The fields of a resource that apply on a platform (all of them when the resource is not platform-scoped). */
export function visibleFields(definition: ResourceDefinition, identifier: PlatformIdentifier | null): [string, FieldDefinition][] {
  return Object.entries(definition.fields).filter(([, field]) => isFieldVisible(field, identifier));
}

/** The name of the object a reference field is shown as: `skill_id` -> `skill`. */
export const relationOf = (field: string) => field.replace(/_id$/, '');

function fieldValidator(field: FieldDefinition): z.ZodType {
  const required = 'validation.required';
  switch (field.type) {
    case 'text':
      return z.string({ error: whenMissing(required) }).trim().min(1, { error: required }).max(field.max);
    case 'email':
      return z.string({ error: whenMissing(required) }).trim().min(1, { error: required }).max(255).pipe(z.email({ error: 'validation.invalid_email' }));
    case 'number':
      return z.coerce.number({ error: whenMissing(required) }).int().min(field.min).max(field.max);
    case 'choice':
      return z.enum(field.choices as [string, ...string[]], { error: (i) => (i.input === undefined ? required : 'validation.invalid') });
    case 'boolean':
      return z.boolean({ error: whenMissing(required) });
    case 'reference':
      return z.coerce.number({ error: whenMissing(required) }).int({ error: required }).min(1, { error: required });
  }
}

/**
 * The validator of a record body: every declared field, `platform_id` for platform-scoped
 * resources, the read-only keys and related objects tolerated, anything else refused.
 * Platform-dependent fields are optional here; `checkPlatformFields` decides once the platform is known.
 */
export function recordValidator(definition: ResourceDefinition) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(definition.fields)) {
    const validator = fieldValidator(field);
    shape[name] = field.required && !field.platforms ? validator : validator.nullable().optional();
    if (field.type === 'reference') shape[relationOf(name)] = z.unknown().optional();
  }
  if (definition.platformScoped) shape.platform_id = fieldValidator({ type: 'reference', resource: 'platforms', required: true });
  for (const key of READ_ONLY_KEYS) shape[key] ??= z.unknown().optional();
  return z.strictObject(shape);
}

/**
 * Applies platform visibility: a visible required field must be present; a field hidden on
 * this platform is cleared. Returns field errors keyed by field (catalog keys).
 */
export function checkPlatformFields(
  definition: ResourceDefinition,
  identifier: PlatformIdentifier | null,
  values: Record<string, unknown>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, field] of Object.entries(definition.fields)) {
    if (!field.platforms) continue;
    if (!isFieldVisible(field, identifier)) values[name] = null;
    else if (field.required && (values[name] === undefined || values[name] === null)) errors[name] = ['validation.required'];
  }
  return errors;
}
