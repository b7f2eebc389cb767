import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

interface Operation {
  tags?: string[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

/** Features whose routes declare their contracts (issue 38), by their OpenAPI tags. */
const DECLARED_TAGS = ['exams', 'exam questions', 'localized exams', 'student', 'assignment', 'exam day', 'users'];
/** Routes of other features under the exams tag: its item analysis, its exports and its .seb files (files). */
const ELSEWHERE = [/\/item-analysis/, /\/export$/, /\/seb-config$/, /\/config\.seb$/];

let t: TestContext;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  paths = (await call(t.app, 'GET', '/api/docs/json', undefined, { cookie: admin })).json().paths;
});
afterAll(() => t.close());

/** The generic routes of every declared resource that has no module of its own. */
const generic = (await loadSchemaRegistry())
  .all()
  .filter((definition) => !definition.customRoutes)
  .flatMap((definition) => [`/api/${definition.name}`, `/api/${definition.name}/{id}`]);

describe('routes declare their contracts', () => {
  it('every body and every answer of these features has its schema (validated once, serialized by it)', () => {
    const checked: string[] = [];
    const missing: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const ours =
          generic.includes(path) ||
          (operation.tags?.some((tag) => DECLARED_TAGS.includes(tag)) && !ELSEWHERE.some((p) => p.test(path)));
        if (!ours) continue;
        const key = `${method.toUpperCase()} ${path}`;
        checked.push(key);
        const body = operation.requestBody?.content?.['application/json']?.schema;
        if (body && !body.properties && !body.type && !body.anyOf) missing.push(`${key}: a body of any shape`);
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        if (success.length === 0 || success.some(([, answer]) => !answer.content?.['application/json']?.schema))
          missing.push(`${key}: no response schema`);
      }
    }
    expect(missing).toEqual([]);
    // The sweep covers the exams, the student's exam, exam day and every generic resource.
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST /api/exams',
        'PUT /api/exams/{id}',
        'PUT /api/student/exams/{id}/answers',
        'POST /api/exams/{id}/interventions',
        'PUT /api/exam-localizations/{id}',
        'POST /api/exams/{id}/questions',
        'GET /api/skills',
      ]),
    );
  });
});
