import { isDeepStrictEqual } from 'node:util';
import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** A route answered something its response schema does not say: our bug (500), never sent. */
export class ResponseContractError extends Error {
  constructor(
    readonly url: string,
    readonly problems: unknown,
  ) {
    super(`the answer of ${url} breaks its response schema: ${JSON.stringify(problems).slice(0, 2000)}`);
    this.name = 'ResponseContractError';
  }
}

type Json = { [key: string]: unknown };

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable object) as `type: [X's type, 'null']`: the compiled
 * code writes it directly, where an `anyOf` is decided by running a validator on every value.
 */
function nullableAsType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsType);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Json).map(([key, value]) => [key, nullableAsType(value)] as const);
  const schema = Object.fromEntries(entries) as Json;
  const options = schema.anyOf as Json[] | undefined;
  if (options?.length !== 2) return schema;
  const other = options.find((option) => option.type !== 'null');
  if (!other || options.every((option) => option.type !== 'null') || typeof other.type !== 'string' || other.anyOf)
    return schema;
  const { anyOf, ...rest } = schema;
  void anyOf;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/** A response schema as JSON Schema, for fast-json-stringify: what the client reads (dates as text). */
const jsonSchemaOf = (schema: z.ZodType) =>
  nullableAsType(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })) as AnySchema;

/**
 * Each schema's compiled writer, made once per process: every app built in the process (a restart,
 * the tests' many apps) answers with the same writer.
 */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();
/** The same, by the JSON Schema's text: a schema a plugin builds again for each app. */
const compiledByText = new Map<string, (data: unknown) => string>();
function compiledFor(schema: z.ZodType): (data: unknown) => string {
  let stringify = compiled.get(schema);
  if (!stringify) {
    const json = jsonSchemaOf(schema);
    const text = JSON.stringify(json);
    stringify = compiledByText.get(text) ?? fastJson(json);
    compiledByText.set(text, stringify);
    compiled.set(schema, stringify);
  }
  return stringify;
}

/**
 * Fastify's compiled serializer (fast-json-stringify) for the zod response schemas routes declare
 * (issue 38): each schema is compiled once from its JSON Schema, and an answer is written without
 * JSON.stringify's walk, the schema's fields only, so a key a presenter added without its schema
 * is not sent. The presenters decide what is sent; the schema must say exactly that.
 *
 * `checked` (tests and development) holds every answer to its schema as well: its JSON parses
 * strictly with the schema, and the compiled text reads back equal to JSON.stringify's, so a
 * schema that would drop, add or change a field fails there (a 500 naming the route), never
 * silently in production, where the check is not paid.
 */
export function compiledSerializer(checked: boolean) {
  return ({ schema, url }: { schema: unknown; url: string }) => {
    const contract = schema as z.ZodType;
    const stringify = compiledFor(contract);
    if (!checked) return (data: unknown): string => stringify(data);
    return (data: unknown): string => {
      const wire: unknown = JSON.parse(JSON.stringify(data) ?? 'null');
      const parsed = contract.safeParse(wire);
      if (!parsed.success) throw new ResponseContractError(url, parsed.error.issues.slice(0, 10));
      const text = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(text), wire))
        throw new ResponseContractError(url, { compiled: text.slice(0, 1000), plain: wire });
      return text;
    };
  };
}

/**
 * Serializes the responses of the routes a plugin declares with their schemas. Installed by each
 * feature plugin whose routes declare response schemas (app.ts may install it once for all).
 */
export function installCompiledSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(compiledSerializer(!app.config.production));
}
