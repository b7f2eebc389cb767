import { issueArgs } from '../../common/validation';
import type { FieldErrors } from './app-error';
import { isMessageKey, translate } from './i18n';
import type { Language } from '../../../locales/index';

interface IssueLike {
  code?: string;
  path?: PropertyKey[];
  message?: string;
  keys?: string[];
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  /** The parameters of a message of ours (`{max}`). */
  params?: Record<string, string | number>;
}

/** The catalog key for a zod issue whose message is not one of ours. */
function keyForIssue(issue: IssueLike): { key: string; params?: Record<string, string | number> } {
  switch (issue.code) {
    case 'invalid_type':
      return {
        key: issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid_type',
      };
    case 'too_big':
      return {
        key: issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big',
        params: { maximum: Number(issue.maximum) },
      };
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? { key: 'validation.required' }
        : {
            key: issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small',
            params: { minimum: Number(issue.minimum) },
          };
    case 'invalid_format':
      return { key: 'validation.invalid' };
    default:
      return { key: 'validation.invalid' };
  }
}

function fieldOf(path: PropertyKey[] | undefined, fallback = 'body'): string {
  return path && path.length > 0 ? path.map(String).join('.') : fallback;
}

/**
 * Turns zod issues into `{field: [translated messages]}`; an unknown field gets its own entry.
 * Field names come from the request (an unknown key is named as sent), so they are collected in a
 * Map: a key such as `constructor` or `__proto__` is a field like any other, never an inherited
 * property of a plain object.
 */
export function fieldErrorsFromIssues(issues: IssueLike[], language: Language): FieldErrors {
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const list = errors.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    errors.set(field, list);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path?.length ? `${fieldOf(issue.path)}.` : '';
      for (const key of issue.keys ?? []) add(prefix + key, translate(language, 'validation.unknown_field'));
      continue;
    }
    const own =
      issue.message && isMessageKey(issue.message)
        ? { key: issue.message, params: issueArgs(issue) }
        : keyForIssue(issue);
    add(fieldOf(issue.path), translate(language, own.key, own.params));
  }
  return Object.fromEntries(errors);
}

/** Translates keys found in field errors built by route code. */
export function translateFieldErrors(errors: FieldErrors, language: Language): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((m) => (isMessageKey(m) ? translate(language, m) : m)),
    ]),
  );
}
