import { ROLES } from '../../../src/common/permissions';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/demo/demo-accounts';
import { rawRequest, rawSignIn } from '../../helpers/raw-http';

const DEMO_ADMIN = DEMO_ACCOUNTS.find((account) => account.role === ROLES.admin)!;

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

/** The parts of an OpenAPI operation object read here. */
interface OpenApiOperation {
  parameters?: Operation['parameters'];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every operation the OpenAPI document describes (the docs pages themselves aside). The document is
 * for signed-in users only: read with `cookie`, else as the demo administrator.
 */
export async function loadOperations(base: string, cookie?: string): Promise<Operation[]> {
  const session = cookie ?? (await rawSignIn(base, DEMO_ADMIN.email, DEMO_PASSWORD));
  const response = await rawRequest(base, 'GET', '/api/docs/json', { headers: { cookie: session } });
  if (response.status !== 200) throw new Error(`GET /api/docs/json answered ${response.status}`);
  const doc = JSON.parse(response.body) as { paths: Record<string, Record<string, OpenApiOperation | undefined>> };
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
