import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** Deeper than any request the console sends (a paragraph question with children is about 8 levels). */
export const MAX_JSON_DEPTH = 32;

const INVALID_CHARACTERS = 'validation.invalid_characters';

/**
 * Whether a string can be stored as it is: PostgreSQL text refuses NUL, and a lone UTF-16
 * surrogate cannot be written as UTF-8 (nor as jsonb).
 */
export const isStorableText = (value: string) => !value.includes('\u0000') && value.isWellFormed();

interface Visit {
  value: unknown;
  depth: number;
  key: string;
  parent: Visit | null;
}

/** The dotted path of a visited value, built only for the one that is refused. */
function pathOf(visit: Visit, last?: string): string {
  const keys = last === undefined ? [] : [last];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.unshift(at.key);
  return keys.join('.') || 'body';
}

/**
 * Walks a parsed value without recursion: the first problem found (too deep, or a key or string
 * that cannot be stored) is returned with its path. Every request body goes through it, so nothing
 * is allocated for a value but its visit (issue 44).
 */
export function findUnsafeValue(
  root: unknown,
  maxDepth = MAX_JSON_DEPTH,
): { path: string; problem: 'depth' | 'text' } | null {
  if (root === null || typeof root !== 'object') {
    if (typeof root === 'string' && !isStorableText(root)) return { path: 'body', problem: 'text' };
    return null;
  }
  const stack: Visit[] = [{ value: root, depth: 0, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { path: pathOf(visit), problem: 'text' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { path: pathOf(visit), problem: 'depth' };
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (!isStorableText(key)) return { path: pathOf(visit, '?'), problem: 'text' };
      const child = (value as Record<string, unknown>)[key];
      // Numbers, booleans and null need no visit of their own.
      if (typeof child === 'string' || (child !== null && typeof child === 'object'))
        stack.push({ value: child, depth: depth + 1, key, parent: visit });
    }
  }
  return null;
}

/**
 * Refuses at the edge what the database or the sanitizer cannot take, before any route sees it:
 * JSON deeper than MAX_JSON_DEPTH (400), strings with NUL or lone surrogates in bodies (422) and
 * in query strings (400).
 */
export function installInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    let parsed: unknown;
    try {
      // An empty or blank body is refused here too: JSON.parse throws on it.
      parsed = JSON.parse(text);
    } catch {
      return done(
        new AppError(400, 'errors.malformed_json', undefined, { body: ['errors.malformed_json'] }),
        undefined,
      );
    }
    const unsafe = findUnsafeValue(parsed);
    if (unsafe?.problem === 'depth')
      return done(new AppError(400, 'errors.too_deep', undefined, { body: ['errors.too_deep'] }), undefined);
    if (unsafe)
      return done(
        new AppError(422, 'errors.invalid_input', undefined, { [unsafe.path]: [INVALID_CHARACTERS] }),
        undefined,
      );
    done(null, parsed);
  });

  app.addHook('preValidation', (request, _reply, next) => {
    // Keyed by names the client chose (`?constructor=`, `?__proto__=`): a Map, never a plain object.
    const errors = new Map<string, string[]>();
    for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      if (!isStorableText(key) || values.some((v) => typeof v === 'string' && !isStorableText(v)))
        errors.set(isStorableText(key) ? key : 'query', [INVALID_CHARACTERS]);
    }
    if (errors.size > 0) throw new AppError(400, 'errors.invalid_input', undefined, Object.fromEntries(errors));
    next();
  });
}
