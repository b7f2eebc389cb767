import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { isStorableText } from './input-guards';

/** Form fields as one object: a name given several times (`report_ids[]=1&report_ids[]=2`) becomes a list. */
function formFields(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  // The names are the client's (`constructor=1`, `__proto__=1`): gathered in a Map, then made own
  // properties, so none is read from or written to Object.prototype.
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of entries) {
    if (!isStorableText(key) || !isStorableText(value))
      throw new AppError(422, 'errors.invalid_input', undefined, { body: ['validation.invalid_characters'] });
    const known = fields.get(key);
    fields.set(key, known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value]);
  }
  return Object.fromEntries(fields);
}

/** Lets a scope's routes take URL-encoded forms (a browser's post) of up to `bodyLimit` bytes, as one object. */
export function acceptUrlEncodedForms(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      try {
        done(null, formFields(new URLSearchParams(body as string)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}

/**
 * Lets a scope's routes take form data (SPEC section 7 sends some report calls as forms), URL-encoded
 * or multipart, as well as JSON: the fields arrive as one object for the route's schema. Files are
 * refused. Other scopes keep JSON only.
 */
export async function acceptFormBodies(scope: FastifyInstance): Promise<void> {
  acceptUrlEncodedForms(scope, 64 * 1024);
  await scope.register(multipart, { limits: { files: 0, fields: 1000, fieldSize: 1024 } });
  // The fields are read before the route's schema looks at the body; a broken form (no boundary, cut
  // short, a file) is the client's mistake: 400, never a 500.
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const entries: [string, string][] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') throw new Error('files are not taken here');
        entries.push([part.fieldname, String(part.value)]);
      }
    } catch {
      throw new AppError(400, 'errors.malformed_request', undefined, { body: ['errors.malformed_request'] });
    }
    request.body = formFields(entries);
  });
}
