import { rawRequest } from '../../helpers/raw-http';

export interface Operation {
  /** `GET /api/exams/{id}`: the OpenAPI method and path. */
  key: string;
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema }[];
  body?: JsonSchema;
  bodyType?: string;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  [key: string]: unknown;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation the OpenAPI document describes (the docs pages themselves aside). */
export async function loadOperations(base: string): Promise<Operation[]> {
  const response = await rawRequest(base, 'GET', '/api/docs/json');
  const doc = JSON.parse(response.body) as { paths: Record<string, Record<string, any>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: bodyType ? content[bodyType].schema : undefined,
        bodyType,
      });
    }
  }
  return operations.sort((a, b) => a.key.localeCompare(b.key));
}

/** A concrete path: every id an id no record has, every file name a file that does not exist. */
export function samplePath(
  path: string,
  value: (name: string) => string = (name) => (name === 'fileName' ? 'nope.png' : '999999'),
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
}
