import countries from 'i18n-iso-countries';
import { z } from 'zod';
import type { FieldDefinition, PlatformIdentifier, ResourceDefinition } from '../../schemas/vocabulary';
import { whenMissing } from './validation';
import { idValue, MAX_ID } from './ids';
import { parseWallTime } from './datetime';
import { isMediaReference } from './questions/media-reference';
import { isBlankHtml } from './questions/rich-text';
import type { BodyOf } from './declarations/record-types';

/** Keys a client may send back from a record it read; they are accepted and ignored on save. */
export const READ_ONLY_KEYS = ['id', 'name', 'created_at', 'updated_at', 'platform'] as const;

/** Whether a field is shown and accepted on a platform with this identifier. */
export function isFieldVisible(field: FieldDefinition, identifier: PlatformIdentifier | null): boolean {
  return !field.platforms || (identifier !== null && field.platforms.includes(identifier));
}

/** The fields of a resource that apply on a platform (all of them when the resource is not platform-scoped). */
export function visibleFields(
  definition: ResourceDefinition,
  identifier: PlatformIdentifier | null,
): [string, FieldDefinition][] {
  return Object.entries(definition.fields).filter(([, field]) => isFieldVisible(field, identifier));
}

/** The name of the object a reference field is shown as: `skill_id` -> `skill`, `skill_ids` -> `skills`. */
export const relationOf = (field: string) => field.replace(/_ids$/, 's').replace(/_id$/, '');

const hasDecimalsAtMost = (places: number) => (value: number) =>
  Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;

/** A value of the wrong type: "required" when there is none, else "the wrong type" (catalog keys). */
const wrongType = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid_type';

/**
 * One field's validator, from its declaration. `messages.required` names a missing (or wrongly
 * typed) value; `messages.invalid` anything else wrong; `messages.tooLong` a text over its length.
 * Every other rule names its own generic message, so every issue carries a catalog key (with its
 * bound, `minimum` or `maximum`, in the issue) and reads in the request's language wherever it is
 * shown: never zod's own English text.
 */
export function fieldValidator(field: FieldDefinition): z.ZodType {
  const required = field.messages?.required ?? 'validation.required';
  const invalid = field.messages?.invalid;
  const own = field.messages?.required;
  switch (field.type) {
    case 'text': {
      const base = z.string({ error: whenMissing(required) });
      const bounded = (field.rich ? base : base.trim()).max(field.max, {
        error: field.messages?.tooLong ?? 'validation.too_long',
      });
      return field.rich
        ? bounded.refine((html) => !isBlankHtml(html), { error: required })
        : bounded.min(1, { error: required });
    }
    case 'email':
      return z
        .string({ error: whenMissing(required) })
        .trim()
        .min(1, { error: required })
        .max(255, { error: 'validation.too_long' })
        .pipe(z.email({ error: 'validation.invalid_email' }));
    case 'number': {
      const base = z.number({ error: whenMissing(required) });
      const typed =
        field.decimals === undefined
          ? base.int({ error: invalid ?? 'validation.whole_number' })
          : base.refine(hasDecimalsAtMost(field.decimals), {
              error: invalid ?? 'validation.decimals',
              params: { decimals: field.decimals },
            });
      return (typed as z.ZodNumber)
        .min(field.min, { error: invalid ?? 'validation.too_small' })
        .max(field.max, { error: invalid ?? 'validation.too_big' });
    }
    case 'choice':
      return z.enum(field.choices as [string, ...string[]], {
        error: (issue) => (issue.input === undefined ? required : (invalid ?? own ?? 'validation.invalid')),
      });
    case 'boolean':
      return z.boolean({ error: whenMissing(required) });
    case 'datetime':
      return z
        .string({ error: whenMissing(required) })
        .trim()
        .min(1, { error: required })
        .refine((v) => parseWallTime(v, 'UTC') !== null, { error: invalid ?? 'validation.invalid' });
    case 'country':
      return z
        .string({ error: whenMissing(required) })
        .trim()
        .min(1, { error: required })
        .refine((code) => isCountryCode(code), { error: invalid ?? 'validation.invalid_country' });
    case 'date':
      return z
        .string({ error: whenMissing(required) })
        .trim()
        .min(1, { error: required })
        .refine(isCalendarDate, { error: invalid ?? 'validation.invalid_date' });
    case 'reference':
      // A field with its own message (the exam form's) says it for any wrong value.
      return own
        ? z.number({ error: own }).int({ error: own }).min(1, { error: own }).max(MAX_ID, { error: own })
        : idValue(required);
    case 'references':
      return z
        .array(idValue(required), { error: required })
        .min(field.min, { error: required })
        .max(field.max, { error: 'validation.too_many' });
    case 'tags':
      return z
        .array(
          z
            .string({ error: wrongType })
            .trim()
            .min(1, { error: 'validation.required' })
            .max(field.maxLength, { error: 'validation.too_long' }),
          { error: wrongType },
        )
        .max(field.max, { error: 'validation.too_many' });
    case 'media':
      return z
        .string({ error: invalid ?? 'validation.invalid' })
        .refine(isMediaReference, { error: invalid ?? 'validation.invalid' });
    case 'answer':
      // Validated by the answer type the record names (a rule of the resource).
      return z.unknown();
  }
}

/** An ISO 3166-1 alpha-2 code, in capitals (`AE`, not `ae` or `ARE`). */
export const isCountryCode = (code: string): boolean => /^[A-Z]{2}$/.test(code) && countries.isValid(code);

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** A check that spans fields (the end after the start), named in a schema's `rules`. */
export type Rule = (record: Record<string, unknown>, ctx: z.core.$RefinementCtx) => void;

/** Accepted and dropped from the parsed body. */
const ignored = z
  .unknown()
  .optional()
  .transform(() => undefined);

/** An optional reference cleared in a form arrives as '' or 0: both mean "none". */
const noneAsNull = (value: unknown) => (value === '' || value === 0 ? null : value);

/**
 * What a record's validator gives back: the declaration's body (`BodyOf`), with whatever read-only
 * keys and related objects a client sent back from a record it read (ignored on save).
 */
export type ValidatedBody<D extends ResourceDefinition> = BodyOf<D> & Record<string, unknown>;

/**
 * The validator of a record body, from its declaration: every declared field, `platform_id` for
 * platform-scoped resources, the read-only keys and related objects tolerated, anything else
 * refused; then the resource's rules, which run even when some fields failed, so every message
 * shows at once. Platform-dependent fields are optional here; `checkPlatformFields` decides once
 * the platform is known.
 */
export function recordValidator<D extends ResourceDefinition>(
  definition: D,
  rules: Record<string, Rule> = {},
): z.ZodType<ValidatedBody<D>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(definition.fields)) {
    if (field.managed) {
      // Kept by the server's own actions: a value sent back from a record read is dropped.
      shape[name] = ignored;
      continue;
    }
    let validator = fieldValidator(field);
    // An answer definition is checked by its resource's rule, missing or not.
    const optional = !field.required || Boolean(field.platforms) || field.type === 'answer';
    if (optional) validator = validator.nullable();
    if (field.type === 'reference' && optional) validator = z.preprocess(noneAsNull, validator);
    // A write-only field left empty keeps what is stored (the form never shows it).
    if (field.type === 'text' && field.secret) validator = z.preprocess((v) => (v === '' ? null : v), validator);
    if (field.default !== undefined) {
      validator = validator.default(() => structuredClone(field.default));
      // A field with a value by default (a threshold, a flag) takes it for null too: its column holds no null.
      if (field.default !== null)
        validator = z.preprocess((v) => (v === null ? structuredClone(field.default) : v), validator);
    } else if (optional) validator = validator.optional();
    shape[name] = validator;
    if (field.type === 'reference' || field.type === 'references') shape[relationOf(name)] = z.unknown().optional();
  }
  if (definition.platformScoped) {
    const messages = definition.platformMessage ? { required: definition.platformMessage } : undefined;
    shape.platform_id = fieldValidator({ type: 'reference', resource: 'platforms', required: true, messages });
  }
  const readOnly = [...READ_ONLY_KEYS, ...Object.keys(definition.computed ?? {}), ...(definition.readOnly ?? [])];
  for (const key of readOnly) shape[key] ??= z.unknown().optional();

  const object = z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'validation.unknown_field' : 'validation.invalid'),
  });
  const named = (definition.rules ?? []).map((name) => {
    const rule = rules[name];
    if (!rule) throw new Error(`${definition.name} names the rule ${name}, which nobody implements`);
    return rule;
  });
  const checked =
    named.length === 0
      ? object
      : object.superRefine(
          (value, ctx) => {
            for (const rule of named) rule(value as Record<string, unknown>, ctx);
          },
          {
            when: (payload) =>
              typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
          },
        );
  // The shape is built from the declaration at run time; its type is the declaration's body.
  return checked as unknown as z.ZodType<ValidatedBody<D>>;
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
    else if (field.required && (values[name] === undefined || values[name] === null))
      errors[name] = [field.messages?.required ?? 'validation.required'];
  }
  return errors;
}
