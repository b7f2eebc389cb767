import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  answersSaved,
  assignationSchool,
  assignationStudent,
  assignmentOutcome,
  attemptView,
  mediaPlay,
  studentExam,
} from '../../../src/common/contracts/index';
import { call } from '../../helpers/api-client';
import { signIn } from '../../helpers/factories';
import { createDemoApp } from '../../helpers/demo-template';
import type { TestContext } from '../../helpers/test-app';

/** The delivery API answers exactly its contracts (src/common/contracts/delivery.ts), on the demo data. */
let t: TestContext;
let author: string;
let student: string;
beforeAll(async () => {
  t = await createDemoApp();
  author = await signIn(t.app, { email: 'author@example.com', password: 'Demo@2026' });
  student = await signIn(t.app, { email: 'student@example.com', password: 'Demo@2026' });
}, 120_000);
afterAll(() => t.close());

async function expectData(
  schema: z.ZodTypeAny,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) {
  const response = await call(t.app, method, url, body, { cookie });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  const parsed = z.object({ data: schema }).strict().safeParse(response.json());
  expect(parsed.error?.issues ?? [], url).toEqual([]);
  return response.json().data;
}

describe('delivery contracts', () => {
  it('holds for the assignment screens and for every step of a student exam', async () => {
    const exams = await expectData(studentExam.array(), student, 'GET', '/api/student/exams');
    const available = exams.find(
      (e: { status: string; exam: { is_mock: boolean } }) => e.status === 'available' && !e.exam.is_mock,
    );
    const schools = await expectData(
      assignationSchool.array(),
      author,
      'GET',
      `/api/exams/${available.exam.id}/assignation/schools`,
    );
    await expectData(
      assignationStudent.array(),
      author,
      'GET',
      `/api/exams/${available.exam.id}/assignation/schools/${schools[0].id}/students`,
    );
    const base = `/api/student/exams/${available.id}`;
    const attempt = await expectData(attemptView, student, 'POST', `${base}/start`);
    const withMedia = attempt.questions.find((q: { media_url: string | null }) => q.media_url);
    await expectData(mediaPlay, student, 'POST', `${base}/media/${withMedia.id}/play`);
    const trueFalse = attempt.questions.find((q: { answer_type: string }) => q.answer_type === 'true_false');
    await expectData(answersSaved, student, 'PUT', `${base}/answers`, {
      answers: [{ question_id: trueFalse.id, answer: { value: true }, seq: 1 }],
    });
    await expectData(attemptView, student, 'GET', `${base}/attempt`);
    const submitted = await expectData(attemptView, student, 'POST', `${base}/submit`);
    // The demo benchmark shows answers, once its window has closed for everyone (answer-keys.test.ts).
    expect(submitted.result).toMatchObject({ answers_pending: true, questions: null });
    await expectData(assignmentOutcome, author, 'POST', `/api/exams/${available.exam.id}/assign/students`, {
      school_ids: [schools[0].id],
      start_date_time: available.start_date_time,
      end_date_time: available.end_date_time,
    });
  });
});
