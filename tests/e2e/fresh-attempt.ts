import type { Browser, Page } from 'playwright-core';
import { e2eBaseUrl, pageApi, signInThroughForm } from './browser';

type StudentExam = { id: number; exam: { id: number; is_mock: boolean; question_count: number } };

/** The demo benchmark (every answer type, a spoken question) among the signed-in student's exams. */
export async function benchmarkOf(studentPage: Page): Promise<number> {
  const exams = await pageApi<{ data: StudentExam[] }>(studentPage, 'GET', '/student/exams');
  return exams.data.find((e) => !e.exam.is_mock && e.exam.question_count > 10)!.exam.id;
}

/** The students `examId` is assigned to, in the first school that has any. */
export async function assignedStudents(authorPage: Page, examId: number): Promise<number[]> {
  const schools = await pageApi<{ data: { id: number }[] }>(authorPage, 'GET', `/exams/${examId}/assignation/schools`);
  for (const school of schools.data) {
    const students = await pageApi<{ data: { id: number; assigned: boolean }[] }>(
      authorPage,
      'GET',
      `/exams/${examId}/assignation/schools/${school.id}/students`,
    );
    const assigned = students.data.filter((s) => s.assigned).map((s) => s.id);
    if (assigned.length > 0) return assigned;
  }
  return [];
}

/**
 * A fresh attempt at `examId` for the student signed in on `studentPage`: the author reassigns it
 * in its own window. The files of a worker share its server (global-setup.ts), so an earlier file
 * may have started or submitted it. Answers the student's new assignment.
 */
export async function reassignAfresh(browser: Browser, studentPage: Page, examId: number): Promise<number> {
  const author = await browser.newContext();
  const authorPage = await author.newPage();
  await signInThroughForm(authorPage, e2eBaseUrl(), 'author@example.com');
  const exam = await pageApi<{ data: { start_date_time: string; end_date_time: string } }>(
    authorPage,
    'GET',
    `/exams/${examId}`,
  );
  await pageApi(authorPage, 'POST', `/exams/${examId}/reassign/students`, {
    student_ids: await assignedStudents(authorPage, examId),
    start_date_time: exam.data.start_date_time,
    end_date_time: exam.data.end_date_time,
  });
  await author.close();
  const fresh = await pageApi<{ data: StudentExam[] }>(studentPage, 'GET', '/student/exams');
  return fresh.data.find((e) => e.exam.id === examId)!.id;
}
