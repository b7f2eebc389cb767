import type { FieldDefinition } from '../../schemas/vocabulary';
import { catalogs } from '../../locales/index';

/**
 * Values a declared field must refuse, from its declaration: each of its rules broken once (a
 * missing value where it is required, the wrong type, too short or too long, below or above its
 * range, too many decimals, a choice it does not offer, too many entries...). A rule added to the
 * vocabulary gets its own case here.
 */
export function invalidValues(field: FieldDefinition): [string, unknown][] {
  const cases: [string, unknown][] = [];
  const missing = field.required && !field.platforms && field.default === undefined;
  if (missing) cases.push(['null', null]);
  switch (field.type) {
    case 'text':
      cases.push(['a number', 42], ['a list', ['x']], ['too long', 'x'.repeat(field.max + 1)]);
      if (field.required) cases.push(['blank', field.rich ? '<p> </p>' : '   ']);
      break;
    case 'email':
      cases.push(['a number', 42], ['not an email', 'not-an-email'], ['too long', `${'x'.repeat(256)}@example.test`]);
      if (field.required) cases.push(['empty', '']);
      break;
    case 'number':
      cases.push(
        ['text', 'abc'],
        ['below the range', field.min - 1],
        ['above the range', field.max + 1],
        ['too precise', field.decimals === undefined ? field.min + 0.5 : field.min + 10 ** -(field.decimals + 1)],
      );
      break;
    case 'choice':
      cases.push(['not a choice', 'zz-not-a-choice'], ['a number', 7]);
      break;
    case 'boolean':
      cases.push(['text', 'yes'], ['a number', 1]);
      break;
    case 'datetime':
      cases.push(
        ['a number', 20260901],
        ['not a date-time', 'tomorrow'],
        ['a day that does not exist', '2026-02-30 08:00:00'],
      );
      break;
    case 'date':
      cases.push(['a number', 20150401], ['a day that does not exist', '2015-02-30']);
      break;
    case 'country':
      cases.push(['a number', 784], ['not a country', 'ZZ']);
      break;
    case 'reference':
      cases.push(['text', 'abc'], ['a fraction', 1.5], ['beyond the ids', 2 ** 31]);
      // An optional reference cleared in a form arrives as 0: "none".
      if (missing) cases.push(['zero', 0]);
      break;
    case 'references':
      cases.push(
        ['text', 'abc'],
        ['a list of text', ['abc']],
        ['too many', Array.from({ length: field.max + 1 }, (_, i) => i + 1)],
      );
      if (field.min > 0) cases.push(['empty', []]);
      break;
    case 'tags':
      cases.push(
        ['text', 'abc'],
        ['a list of numbers', [42]],
        ['an empty label', ['']],
        ['a label too long', ['x'.repeat(field.maxLength + 1)]],
        ['too many', Array.from({ length: field.max + 1 }, (_, i) => `t${i}`)],
      );
      break;
    case 'media':
      cases.push(['a number', 42], ['not a stored file', '../../etc/passwd']);
      break;
    case 'answer':
      // Checked by its answer type (the questions' own rule and tests).
      break;
  }
  return cases;
}

type Catalog = { [key: string]: string | Catalog };

function messagesOf(catalog: Catalog): string[] {
  return Object.values(catalog).flatMap((value) => (typeof value === 'string' ? [value] : messagesOf(value)));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every message of the Arabic catalog as a pattern, its `%{...}` parameters matching anything. */
const ARABIC = messagesOf(catalogs.ar as unknown as Catalog).map(
  (message) => new RegExp(`^${escape(message).replace(/%\\\{\w+\\\}/g, '.+')}$`, 's'),
);

/** Whether a message shown to an Arabic reader is a message of the Arabic catalog (and has Arabic in it). */
export const isArabicCatalogMessage = (message: string): boolean =>
  /[\u0600-\u06FF]/.test(message) && !/%\{\w+\}/.test(message) && ARABIC.some((pattern) => pattern.test(message));
