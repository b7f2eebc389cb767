import type { Browser, Page } from 'playwright-core';
import { e2eBaseUrl, pageApi, signInThroughForm } from './browser';

type StudentExam = { id: number; status: string; exam: { id: number; is_mock: boolean; question_count: number } };

/** The demo benchmark (every answer type, a spoken question) among the signed-in student's exams. */
export async function benchmarkOf(studentPage: Page): Promise<number> {
  const exams = await pageApi<{ data: StudentExam[] }>(studentPage, 'GET', '/student/exams');
  return exams.data.find((e) => !e.exam.is_mock && e.exam.question_count > 10)!.exam.id;
}

/**
 * Every student `examId` is assigned to, in every school. (An earlier file of the same server may
 * have assigned it to a school of its own, as the roster file does: the signed-in student must
 * still be among them.)
 */
export async function assignedStudents(authorPage: Page, examId: number): Promise<number[]> {
  const schools = await pageApi<{ data: { id: number }[] }>(authorPage, 'GET', `/exams/${examId}/assignation/schools`);
  const assigned: number[] = [];
  for (const school of schools.data) {
    const students = await pageApi<{ data: { id: number; assigned: boolean }[] }>(
      authorPage,
      'GET',
      `/exams/${examId}/assignation/schools/${school.id}/students`,
    );
    assigned.push(...students.data.filter((s) => s.assigned).map((s) => s.id));
  }
  return assigned;
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
  const assignment = fresh.data.find((e) => e.exam.id === examId)!;
  // Said here, not as a missing Start button a minute later.
  if (assignment.status !== 'available') throw new Error(`exam ${examId} was not reassigned: ${assignment.status}`);
  return assignment.id;
}
