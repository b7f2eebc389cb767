import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { isStorableText } from './input-guards';

/** Form fields as one object: a name given several times (`report_ids[]=1&report_ids[]=2`) becomes a list. */
function fieldsOf(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of entries) {
    if (!isStorableText(key) || !isStorableText(value))
      throw new AppError(422, 'errors.invalid_input', undefined, { body: ['validation.invalid_characters'] });
    const known = fields[key];
    fields[key] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return fields;
}

/**
 * Lets a scope's routes take form data (SPEC section 7 sends some report calls as forms), URL-encoded
 * or multipart, as well as JSON: the fields arrive as one object for the route's schema. Files are
 * refused. Other scopes keep JSON only.
 */
export async function acceptFormBodies(scope: FastifyInstance): Promise<void> {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      try {
        done(null, fieldsOf(new URLSearchParams(body as string)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  await scope.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 1000, fieldSize: 1024 },
  });
}
