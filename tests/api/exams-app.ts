import { afterAll, beforeAll, expect } from 'vitest';
import type { SchemaRegistry } from '../../schemas/index';
import { ROLES } from '../../src/common/permissions';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { call } from '../helpers/api-client';
import { buildUser, signIn } from '../helpers/factories';
import { bankQuestion, buildExamLookups, examBody, type ExamLookups } from '../helpers/exam-factory';
import { createTestApp, type TestContext } from '../helpers/test-app';

export let t: TestContext;
export let registry: SchemaRegistry;
export let author: string;
/** The lookups of an IRA platform the exams are made of. */
export let l: ExamLookups;

/** A test app in Asia/Dubai for the calling file, with an author signed in and the lookups built. */
export function useExamsApp() {
  beforeAll(async () => {
    t = await createTestApp({ timeZone: 'Asia/Dubai' });
    registry = await loadSchemaRegistry();
    author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    l = await buildExamLookups(t.db, registry);
  });
  afterAll(() => t.close());
}

/** A call to the API, as the author in English unless told. */
export const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  lang: 'en' | 'ar' = 'en',
  cookie = author,
) => call(t.app, method, url, body, { cookie, lang });

/** A draft exam of the lookups, as the author creates it. */
export async function createExam(overrides: Record<string, unknown> = {}) {
  const response = await api('POST', '/api/exams', examBody(l, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** A new bank question of the lookups (a true/false unless told): its id. */
export async function bankQuestionId(kind?: string, key?: unknown) {
  const response = await api('POST', '/api/questions-bank', bankQuestion(l, kind, key));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

/** A draft exam with `count` bank questions copied in: the exam, and its questions' ids. */
export async function examWithQuestions(count = 2) {
  const exam = await createExam();
  const ids = [];
  for (let i = 0; i < count; i++) ids.push(await bankQuestionId());
  const assigned = await api('POST', `/api/exams/${exam.id}/questions/assign`, { question_ids: ids });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { exam, questions: assigned.json().data as { id: number }[] };
}
