import type { SchemaRegistry } from '../../../schemas/index';
import questionsBank from '../../../schemas/questions-bank';
import type { FieldDefinition } from '../../../schemas/vocabulary';
import { relationOf } from '../../common/resource-validation';

/**
 * What question interchange takes from the declaration (schemas/questions-bank.ts): every
 * reference field is a lookup a file names by name (`skill_id` -> `skill`), every other field but
 * the answer a value a file carries as it is, and media fields files by name. The XLSX columns,
 * the QTI metadata, Moodle's tags and the import's matching all read these lists, so a field
 * added to the declaration travels in and out with no change here.
 */

type Fields = (typeof questionsBank)['fields'];

/** A reference field's lookup name, as files name it: `skill_id` -> `skill`. */
export type LookupField = {
  [K in keyof Fields]: Fields[K] extends { type: 'reference' } ? (K extends `${infer B}_id` ? B : never) : never;
}[keyof Fields];

/** The declared fields, read as the vocabulary's (the declaration's literal types kept for `LookupField`). */
export const QUESTION_FIELDS: Readonly<Record<string, FieldDefinition>> = questionsBank.fields;

const entries = Object.entries(QUESTION_FIELDS);

/** The lookups a question is classified by, in declared order. */
export const LOOKUP_FIELDS = entries
  .filter(([, field]) => field.type === 'reference')
  .map(([name]) => relationOf(name) as LookupField);

/** The question's column of a lookup: `skill` -> `skill_id`. */
export const lookupColumn = (field: LookupField): string => `${field}_id`;

/** A lookup's declaration (its resource, whether a question needs it, the lookups it must agree with). */
export function lookupField(field: LookupField) {
  const declared = QUESTION_FIELDS[lookupColumn(field)];
  if (declared?.type !== 'reference') throw new Error(`questions-bank declares no reference ${field}_id`);
  return {
    resource: declared.resource,
    required: declared.required,
    /** The lookups it must agree with (a learning outcome with its skill). */
    within: (declared.within ?? []).map((column) => relationOf(column) as LookupField),
  };
}

/** The answer's kind and definition: every format writes and reads them its own way. */
export const ANSWER_FIELDS = entries
  .filter(([, field]) => field.type === 'answer')
  .flatMap(([name]) => ['answer_type', name]);

/** Fields of files, by name inside the file (a question's image or audio, its instruction audio). */
export const MEDIA_FIELDS = entries.filter(([, field]) => field.type === 'media').map(([name]) => name);

/** The declared values a file carries as they are: every field but lookups, media and the answer, in order. */
export const VALUE_FIELDS = entries
  .filter(
    ([name, field]) =>
      !['reference', 'references', 'media', 'answer'].includes(field.type) && !ANSWER_FIELDS.includes(name),
  )
  .map(([name]) => name);

/** Each lookup's table, from the registry. */
export function lookupTables(registry: SchemaRegistry): Record<LookupField, string> {
  return Object.fromEntries(
    LOOKUP_FIELDS.map((field) => {
      const target = registry.get(lookupField(field).resource);
      if (!target) throw new Error(`${field} refers to a resource the registry does not have`);
      return [field, target.table];
    }),
  ) as Record<LookupField, string>;
}

/** A stored value as a file carries it: a number column read as a number, anything absent as null. */
export function storedValue(name: string, value: unknown): unknown {
  const field = QUESTION_FIELDS[name];
  if (value === undefined || value === null) return null;
  if (field?.type === 'number') return Number(value);
  return value;
}
