import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SchemaIssue } from './app-error';

/**
 * Helpers for routes that declare their body schema (issue 38): the body is validated once, on the
 * route, and what the route calls takes it typed.
 */

interface BeforeBodySchemas<P extends z.ZodType, Q extends z.ZodType> {
  params: P;
  querystring?: Q;
}

/**
 * A check that comes before the body is read, as a route's `preValidation`: a business rule that
 * refuses the request whatever its body says (a published exam is frozen: 418 before its form's
 * 422), and the 404 of a record that does not exist. It is given the route's parameters parsed
 * with the route's own schemas; when they do not parse, the check is left to the route's
 * validation (400).
 */
export function beforeBody<P extends z.ZodType, Q extends z.ZodType = z.ZodType<Record<string, never>>>(
  schemas: BeforeBodySchemas<P, Q>,
  check: (params: z.output<P>, query: z.output<Q> | undefined) => Promise<unknown>,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const params = schemas.params.safeParse(request.params);
    const query = schemas.querystring?.safeParse(request.query);
    if (!params.success || (query && !query.success)) return;
    await check(params.data, query?.data);
  };
}

/** The one message shown above a form whose body failed (a catalog key), from its issues. */
export type FormMessage = (issues: readonly SchemaIssue[]) => string | undefined;

const formMessages = new WeakMap<z.ZodType, FormMessage>();

/**
 * Gives a body schema the message its 422 carries when it is not the generic "The data you sent
 * is not valid" (a question's "complete question information"). Returns the schema, to be used
 * as the route's body as it is.
 */
export function withFormMessage<S extends z.ZodType>(schema: S, message: FormMessage): S {
  formMessages.set(schema, message);
  return schema;
}

/** The message of a body's 422 (see `withFormMessage`), or undefined for the generic one. */
export function formMessageOf(schema: unknown, issues: readonly SchemaIssue[]): string | undefined {
  const message = schema && typeof schema === 'object' ? formMessages.get(schema as z.ZodType) : undefined;
  return message?.(issues);
}
