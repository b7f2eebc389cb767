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

/**
 * Walks a parsed value without recursion: the first problem found (too deep, or a key or string
 * that cannot be stored) is returned with its path.
 */
export function findUnsafeValue(
  root: unknown,
  maxDepth = MAX_JSON_DEPTH,
): { path: string; problem: 'depth' | 'text' } | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: root, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { path: path.join('.') || 'body', problem: 'text' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { path: path.join('.') || 'body', problem: 'depth' };
    for (const [key, child] of Object.entries(value)) {
      if (!isStorableText(key)) return { path: [...path, '?'].join('.'), problem: 'text' };
      stack.push({ value: child, path: [...path, key], depth: depth + 1 });
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
    if (text.trim() === '')
      return done(
        new AppError(400, 'errors.malformed_json', undefined, { body: ['errors.malformed_json'] }),
        undefined,
      );
    let parsed: unknown;
    try {
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

  app.addHook('preValidation', async (request) => {
    // Keyed by names the client chose (`?constructor=`, `?__proto__=`): a Map, never a plain object.
    const errors = new Map<string, string[]>();
    for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      if (!isStorableText(key) || values.some((v) => typeof v === 'string' && !isStorableText(v)))
        errors.set(isStorableText(key) ? key : 'query', [INVALID_CHARACTERS]);
    }
    if (errors.size > 0) throw new AppError(400, 'errors.invalid_input', undefined, Object.fromEntries(errors));
  });
}
