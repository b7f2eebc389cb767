import { unzipSync } from 'fflate';
import type { App } from '../../src/server/app';

/** What a reader got for one request: its status, and its body (base64 when it is not text). */
export interface Seen {
  status: number;
  body: string;
}

/** Values to put in paths and queries, by parameter name (`id`, `studentId`, `sort`, `filter[...]`, `search`). */
export type SweepPools = Record<string, readonly (string | number)[]>;

interface OpenApiParameter {
  name: string;
  in: string;
  schema?: { enum?: unknown[] };
}

/**
 * Answers that differ between two copies of one database by design, and hold nobody's data: the LTI
 * tool's public key set (each copy makes its own key at first need).
 */
const NOT_COMPARABLE = new Set(['/api/lti/jwks']);

/** The GET operations the server documents (the docs pages aside): path and query parameters. */
export function readOperations(app: App): { path: string; query: OpenApiParameter[] }[] {
  const doc = app.swagger() as unknown as {
    paths: Record<string, { get?: { parameters?: OpenApiParameter[] } }>;
  };
  return Object.entries(doc.paths)
    .filter(([path, item]) => item.get && !path.startsWith('/api/docs') && !NOT_COMPARABLE.has(path))
    .map(([path, item]) => ({ path, query: (item.get!.parameters ?? []).filter((p) => p.in === 'query') }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

function product(lists: (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])), [[]]);
}

/**
 * The queries to read an operation with: none, then one parameter at a time with each value its
 * pool or its enum offers (`sort` with both orders), so that every filter, search and order a
 * list has is read, and every count and order it gives is seen.
 */
function queriesOf(query: OpenApiParameter[], pools: SweepPools): string[] {
  const variants = [''];
  const names = new Set(query.map((p) => p.name));
  for (const parameter of query) {
    const values = (pools[parameter.name] ?? parameter.schema?.enum ?? []).map(String);
    if (parameter.name === 'order') continue;
    for (const value of values) {
      const pair = `${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`;
      if (parameter.name === 'sort' && names.has('order')) variants.push(`${pair}&order=asc`, `${pair}&order=desc`);
      else variants.push(pair);
    }
  }
  return variants;
}

/**
 * Everything a reader can get by GET from the server: every documented operation, with every
 * combination of the pools' path values (an absent pool: an id nothing has) and the query variants
 * above. The answer, keyed by the request, is what a privacy property compares.
 */
export async function readEverything(
  app: App,
  cookie: string,
  pools: SweepPools,
  only: (path: string) => boolean = () => true,
): Promise<Map<string, Seen>> {
  const seen = new Map<string, Seen>();
  for (const operation of readOperations(app)) {
    if (!only(operation.path)) continue;
    const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const combos = product(names.map((name) => (pools[name] ?? ['999999']).map(String)));
    for (const combo of combos) {
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(combo[names.indexOf(name)]),
      );
      for (const query of queriesOf(operation.query, pools)) {
        const url = query ? `${path}?${query}` : path;
        const response = await app.inject({ method: 'GET', url, headers: { cookie, accept: 'application/json' } });
        const type = String(response.headers['content-type'] ?? '');
        const text = type.startsWith('application/json') || type.startsWith('text/');
        seen.set(url, {
          status: response.statusCode,
          body: text ? response.body : binaryBody(response.rawPayload),
        });
      }
    }
  }
  return seen;
}

/**
 * A binary answer as a sweep compares it: a zip (an XLSX, a QTI package, a workbook with its media)
 * by its entries' contents (a zip within by its own), without the instants a zip writer stamps
 * (each entry's time, a workbook's created and modified properties), which follow the wall clock of
 * the run and tell nothing of what was read; anything else as base64.
 */
function binaryBody(bytes: Buffer): string {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return bytes.toString('base64');
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(new Uint8Array(bytes));
  } catch {
    return bytes.toString('base64');
  }
  const decoder = new TextDecoder();
  const stamped = /<dcterms:(created|modified)[^>]*>[^<]*<\/dcterms:\1>/g;
  // A zip inside (the workbook of a bank exported with its media) is compared the same way.
  const content = (entry: Uint8Array) =>
    entry[0] === 0x50 && entry[1] === 0x4b
      ? binaryBody(Buffer.from(entry))
      : decoder.decode(entry).replace(stamped, '');
  return JSON.stringify(
    Object.keys(entries)
      .sort()
      .map((name) => [name, content(entries[name])]),
  );
}

/** The requests whose answers differ between two sweeps (or that only one made): empty when alike. */
export function differences(a: Map<string, Seen>, b: Map<string, Seen>): string[] {
  const keys = new Set([...a.keys(), ...b.keys()]);
  const found: string[] = [];
  for (const key of keys) {
    const x = a.get(key);
    const y = b.get(key);
    if (!x || !y || x.status !== y.status || x.body !== y.body)
      found.push(`${key}: ${x?.status} ${x?.body.slice(0, 300)} | ${y?.status} ${y?.body.slice(0, 300)}`);
  }
  return found;
}
