import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { bankQuestion, buildExamLookups, examBody, type ExamLookups } from '../helpers/exam-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

let t: TestContext;
let author: string;
let l: ExamLookups;

beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Dubai' });
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
  l = await buildExamLookups(t.db, await loadSchemaRegistry());
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang: 'en' | 'ar' = 'en') =>
  call(t.app, method, url, body, { cookie: author, lang });

async function publishedExam() {
  const exam = (await api('POST', '/api/exams', examBody(l))).json().data;
  const question = (await api('POST', '/api/questions-bank', bankQuestion(l))).json().data;
  await api('POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: [question.id] });
  expect((await api('PUT', `/api/exams/${exam.id}/publish`)).statusCode).toBe(200);
  return exam as { id: number };
}

describe('bulk unpublish', () => {
  it('counts only the exams that were published and reports drafts as skipped ("Already draft")', async () => {
    const published = await publishedExam();
    const draft = (await api('POST', '/api/exams', examBody(l))).json().data as { id: number };

    const response = await api('POST', '/api/exams/bulk/unpublish', { exam_ids: [draft.id, published.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: draft.id, success: false, status: 409, message: 'Already draft' },
        { id: published.id, success: true, status: 200, message: null },
      ],
      meta: { succeeded: 1, failed: 0 },
    });
    expect((await api('GET', `/api/exams/${published.id}`)).json().data.is_published).toBe(false);

    const again = await api('POST', '/api/exams/bulk/unpublish', { exam_ids: [published.id] }, 'ar');
    expect(again.json()).toEqual({
      data: [{ id: published.id, success: false, status: 409, message: 'مسودة بالفعل' }],
      meta: { succeeded: 0, failed: 0 },
    });
  });
});
