import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { QuestionIssue } from '../../../common/questions';

type Path = (string | number)[];
type Node = Record<string, unknown>;

// Keys react-hook-form keeps on an error node: never part of a field path.
const ERROR_KEYS = new Set(['message', 'type', 'ref', 'types', 'root']);

/**
 * Issues (catalog keys with paths) as react-hook-form errors. A node may hold a message of its
 * own and errors of its parts at once (`answer_key.options`: "mark exactly one correct", and
 * `answer_key.options.2.text`: "required"), so messages are merged into nodes, never replace them.
 */
export function issuesToErrors(issues: readonly Pick<QuestionIssue, 'path' | 'message'>[]): FieldErrors {
  const errors: Node = {};
  for (const { path, message } of issues) {
    if (path.length === 0) continue;
    let node = errors;
    for (const segment of path) {
      const key = String(segment);
      node[key] ??= {};
      node = node[key] as Node;
    }
    // The first issue of a path is the one to show.
    if (node.message === undefined) Object.assign(node, { type: 'validation', message });
  }
  return errors as FieldErrors;
}

/** Every message in an error tree with its path (react-hook-form's bookkeeping keys skipped). */
export function flattenErrors(errors: FieldErrors<FieldValues> | undefined, prefix: Path = []): QuestionIssue[] {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as Node;
  const own: QuestionIssue[] =
    prefix.length > 0 && typeof node.message === 'string' && node.message !== ''
      ? [{ path: prefix, message: node.message }]
      : [];
  const parts = Object.entries(node)
    .filter(([key, value]) => !ERROR_KEYS.has(key) && value && typeof value === 'object')
    .flatMap(([key, value]) => flattenErrors(value as FieldErrors, [...prefix, /^\d+$/.test(key) ? Number(key) : key]));
  return [...own, ...parts];
}

/** The message at `path` of an error tree, if there is one. */
export function errorAt(errors: unknown, path: Path): string | undefined {
  let node = errors as Node | undefined;
  for (const segment of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = node[String(segment)] as Node | undefined;
  }
  const message = node?.message ?? (node?.root as Node | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/** The key under which the server's general 422 message is kept (react-hook-form clears root errors on submit). */
export const SERVER_MESSAGE = 'root.server';

/**
 * A 422 body as errors for react-admin's form (`setSubmissionErrors`): the server's field
 * errors keyed by their paths, shallower paths first so a list's own message never replaces the
 * messages of its entries, plus the general message for the top of the form.
 */
export function serverErrors(error: unknown): Record<string, string> | undefined {
  const body = (error as { body?: { message?: unknown; errors?: Record<string, unknown> } } | null)?.body;
  if (!body) return undefined;
  const fields = Object.entries(body.errors ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .sort(([a], [b]) => a.split('.').length - b.split('.').length);
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  if (fields.length === 0 && !message) return undefined;
  return Object.fromEntries([...fields, ...(message ? [[SERVER_MESSAGE, message]] : [])]);
}
