import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import type { ResourceDefinition } from '../../schemas/vocabulary';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { bankQuestion, buildExamLookups, examBody, type ExamLookups } from '../helpers/exam-factory';
import { buildUser, signIn } from '../helpers/factories';
import { invalidValues, isArabicCatalogMessage } from '../helpers/invalid-values';
import { buildPlatform, validBody } from '../helpers/resource-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
let l: ExamLookups;

beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
  l = await buildExamLookups(t.db, registry);
});
afterAll(() => t.close());

/** Every declared resource, by the request that creates one: the generic route or its own module's. */
const declared = (await loadSchemaRegistry()).all();

async function validCreate(definition: ResourceDefinition): Promise<Record<string, unknown>> {
  switch (definition.name) {
    case 'exams':
      return examBody(l);
    case 'questions-bank':
      return bankQuestion(l);
    case 'users':
      return { name: 'Arabic reader', email: `reader-${Date.now()}@example.test`, password: 'Reader-pass-2026' };
    default:
      return validBody(
        t.db,
        registry,
        definition,
        definition.platformScoped ? await buildPlatform(t.db, 'IRA') : l.platform,
      );
  }
}

/**
 * The messages a reader of Arabic gets for every declared field's every broken rule: each one a
 * message of the Arabic catalog, never zod's English text (issue 38). A property over the
 * declarations: a field or a rule added to them is swept too.
 */
describe.each(declared.map((definition) => [definition.name, definition] as const))(
  'POST /api/%s in Arabic',
  (name, definition) => {
    it('names each bad field with messages of the Arabic catalog', async () => {
      const valid = await validCreate(definition);
      const seen: string[] = [];
      for (const [field, spec] of Object.entries(definition.fields)) {
        if (spec.managed) continue;
        for (const [label, value] of invalidValues(spec)) {
          const response = await call(
            t.app,
            'POST',
            `/api/${name}`,
            { ...valid, [field]: value },
            {
              cookie: admin,
              lang: 'ar',
            },
          );
          const what = `${field} ${label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, what).toBe(422);
          const { message, errors } = response.json() as { message: string; errors: Record<string, string[]> };
          expect(isArabicCatalogMessage(message), what).toBe(true);
          const named = Object.keys(errors).filter((key) => key === field || key.startsWith(`${field}.`));
          expect(named.length, what).toBeGreaterThan(0);
          for (const text of Object.values(errors).flat()) {
            expect(isArabicCatalogMessage(text), `${what}: ${text}`).toBe(true);
            seen.push(text);
          }
        }
      }
      expect(seen.length === 0, 'at least one field is swept').toBe(
        Object.values(definition.fields).every((f) => f.managed || f.type === 'answer'),
      );
    });
  },
);
