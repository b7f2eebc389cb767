import type { Element } from '@xmldom/xmldom';
import { LOOKUP_FIELDS, type LookupField, type LookupName } from './interchange-item';
import { childElement, childElements, textOf } from './moodle-dom';
import { hasArabic } from './moodle-text';

/**
 * Moodle has no fields for our lookups, so they travel as tags of the form `field: value`
 * ("skill: Reading", "difficulty level: صعب"). A field is matched whatever its case and whether
 * words are joined by spaces, hyphens or underscores; a value is English or Arabic by its letters,
 * so one field tagged in both languages gives both names. Other tags are ignored.
 */

const FIELDS = new Set<string>(LOOKUP_FIELDS);

/** The lookup a tag names, if it is of the form `field: value` for one of ours. */
export function lookupTag(tag: string): { field: LookupField; value: string } | undefined {
  const colon = tag.indexOf(':');
  if (colon < 0) return undefined;
  const field = tag
    .slice(0, colon)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const value = tag.slice(colon + 1).trim();
  return FIELDS.has(field) && value !== '' ? { field: field as LookupField, value } : undefined;
}

/** The lookups a question's `<tags>` name. */
export function tagsMetadata(question: Element): Partial<Record<LookupField, LookupName>> {
  const metadata: Partial<Record<LookupField, LookupName>> = {};
  const tags = childElement(question, 'tags');
  for (const tag of tags ? childElements(tags, 'tag') : []) {
    const found = lookupTag(textOf(tag));
    if (!found) continue;
    const name = (metadata[found.field] ??= {});
    name[hasArabic(found.value) ? 'ar' : 'en'] ??= found.value;
  }
  return metadata;
}
