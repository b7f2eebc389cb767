import { QUESTION_FIELDS, VALUE_FIELDS } from '../question-fields';
import type { ExportQuestion } from './qti-item-writer';
import type { ManifestValue } from './qti-manifest-writer';

/**
 * The declared values an item's markup holds (its text, language, mark, mark option and media);
 * every other declared value (schemas/questions-bank.ts) travels in the manifest's metadata by
 * its field's name, so a field added to the declaration is exported and read back.
 */
const ITEM_VALUES = new Set([
  'text',
  'content_language',
  'mark',
  'mark_option',
  'media_type',
  'media_alt',
  'media_replay_count',
]);

/** The fields the manifest carries for a question. */
export const MANIFEST_FIELDS = VALUE_FIELDS.filter((field) => !ITEM_VALUES.has(field));

/** A question's values for its manifest entry: those it has, of the fields its item does not hold. */
export function manifestValues(question: ExportQuestion): Record<string, ManifestValue> {
  const values: Record<string, ManifestValue> = {};
  for (const field of MANIFEST_FIELDS) {
    const value = question[field];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean')
      values[field] = value;
  }
  return values;
}

/** A value read from the manifest, as its field takes it: a number, a yes or no, or text. */
export function manifestValue(field: string, text: string): unknown {
  const declared = QUESTION_FIELDS[field];
  if (declared?.type === 'number' && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  if (declared?.type === 'boolean' && /^(true|false)$/.test(text.trim())) return text.trim() === 'true';
  return text;
}
