import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bankQuestion,
  bulkOutcome,
  examFormLookups,
  examPreview,
  examQuestion,
  examRecord,
  examRestriction,
  listOf,
  drillDownOf,
  reportFilters,
  reportRecord,
  schoolGrade,
  schoolStatus,
  schoolStudent,
  studentExamRow,
  studentProfile,
} from '../../src/common/contracts/index';
import { call } from '../helpers/api-client';
import { signIn } from '../helpers/factories';
import { createDemoApp } from '../helpers/demo-template';
import type { TestContext } from '../helpers/test-app';

/**
 * The answers of the exams and questions-bank API match their contracts in src/common/contracts
 * exactly (strict: a field the contract does not list fails), on the demo data.
 */
let t: TestContext;
let author: string;
beforeAll(async () => {
  t = await createDemoApp();
  author = await signIn(t.app, { email: 'author@example.com', password: 'Demo@2026' });
}, 120_000);
afterAll(() => t.close());

async function expectContract(schema: z.ZodTypeAny, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await call(t.app, method, url, body, { cookie: author });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  const parsed = schema.safeParse(response.json());
  expect(parsed.error?.issues ?? [], url).toEqual([]);
  return response.json();
}
const dataOf = (schema: z.ZodTypeAny) => z.object({ data: schema }).strict();

describe('API contracts', () => {
  it('exams: list, record, questions, preview, form lookups, restriction and bulk outcome', async () => {
    const list = await expectContract(listOf(examRecord), 'GET', '/api/exams?per_page=50');
    const exam = list.data[0];
    await expectContract(dataOf(examRecord), 'GET', `/api/exams/${exam.id}`);
    const questions = await expectContract(dataOf(examQuestion.array()), 'GET', `/api/exams/${exam.id}/questions`);
    expect(questions.data.length).toBeGreaterThan(0);
    await expectContract(dataOf(examPreview), 'GET', `/api/exams/${exam.id}/preview`);
    await expectContract(dataOf(examFormLookups), 'POST', '/api/exams/form', { platform_id: exam.platform_id });
    await expectContract(dataOf(examRestriction), 'GET', `/api/exam-restriction/check?exam_id=${exam.id}`);
    await expectContract(bulkOutcome, 'POST', '/api/exams/bulk/unpublish', { exam_ids: [exam.id] });
  });

  it('questions bank: list and record', async () => {
    const list = await expectContract(listOf(bankQuestion), 'GET', '/api/questions-bank?per_page=100');
    expect(list.data.length).toBeGreaterThan(10);
    await expectContract(dataOf(bankQuestion), 'GET', `/api/questions-bank/${list.data[0].id}`);
  });

  it('schools and reports: statuses, the drill-down lists, the profile, the report list and its filters', async () => {
    const statuses = await expectContract(dataOf(schoolStatus.array()), 'GET', '/api/schools/status');
    const school = statuses.data.find(
      (s: { correction_status: { key: string } }) => s.correction_status.key === 'corrected',
    ).school_id;
    const grades = await expectContract(drillDownOf(schoolGrade), 'GET', `/api/schools/${school}/grades`);
    const grade = grades.data.find((g: { students_count: number }) => g.students_count > 4).id;
    const students = await expectContract(
      drillDownOf(schoolStudent),
      'GET',
      `/api/schools/${school}/grades/${grade}/students`,
    );
    const student = students.data[0].id;
    await expectContract(drillDownOf(studentExamRow), 'GET', `/api/students/${student}/exams`);
    await expectContract(dataOf(studentProfile), 'GET', `/api/students/${student}/profile`);
    await expectContract(z.object({ message: z.string(), data: z.unknown() }), 'POST', '/api/grades/reports', {
      school_id: school,
      grade_id: grade,
      correction_status_ids: [3],
    });
    const reports = await expectContract(listOf(reportRecord), 'GET', '/api/reports?per_page=100');
    expect(reports.data.length).toBeGreaterThan(0);
    await expectContract(dataOf(reportFilters), 'GET', '/api/reports/filters');
  });
});
