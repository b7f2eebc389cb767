import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildExam } from '../helpers/exam-factory';
import { buildUser, signIn } from '../helpers/factories';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let registry: SchemaRegistry;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  registry = await loadSchemaRegistry();
  const user = await buildUser(t.db, { role: 'com.ltm.roles.admin' });
  admin = await signIn(t.app, user);
}, 60_000);
afterAll(() => t.close());

describe('buildExam', () => {
  it('builds an exam the API reads back whole: lookups, skills and questions in order', async () => {
    const { exam, questions } = await buildExam(t.db, registry, {
      identifier: 'ISA',
      questions: [
        { kind: 'true_false', key: { correct: false } },
        { kind: 'essay', key: { min_words: 10, max_words: 200 } },
      ],
      exam: { name_en: 'Built exam' },
    });
    const response = await call(t.app, 'GET', `/api/exams/${exam.id}`, undefined, { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ name_en: 'Built exam', is_published: true, grade_id: null });
    expect(data.level_id).toBeTypeOf('number');
    expect(data.skill_ids).toHaveLength(1);
    expect(questions.map((q) => q.answer_type)).toEqual(['true_false', 'essay']);
  });
});
