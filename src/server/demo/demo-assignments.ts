import type { Db } from '../db/database';
import type { DemoClient } from './demo-api';
import { wallTime } from './demo-content';

export interface DemoAssignment {
  examId: number;
  /** Days from today of the exam's window (the assignment takes the exam's whole window). */
  from: number;
  to: number;
  /** The demo student's whole school, or the demo student alone. */
  whole: 'school' | 'student';
  showAnswers?: boolean;
  /** Results at the window's end (`after_close`) rather than when an author releases them. */
  releaseAfterClose?: boolean;
}

/**
 * Assigns the demo exams through the API as the author: the demo student has an available exam with
 * every answer type, an upcoming one and a mock test, so a newcomer can take an exam at once.
 */
export async function seedAssignments(
  author: DemoClient,
  db: Db,
  assignments: DemoAssignment[],
  timeZone: string,
): Promise<void> {
  const student = await db
    .selectFrom('students')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select(['students.id', 'students.school_id'])
    .where('users.email', '=', 'student@example.com')
    .executeTakeFirstOrThrow();
  for (const a of assignments) {
    await author.post(`/api/exams/${a.examId}/assign/students`, {
      school_ids: a.whole === 'school' ? [student.school_id] : [],
      student_ids: a.whole === 'student' ? [student.id] : [],
      start_date_time: wallTime(a.from, 7, timeZone),
      end_date_time: wallTime(a.to, 18, timeZone),
      show_answers: a.showAnswers ?? false,
      shuffle_choices: false,
      shuffle_questions: false,
      exam_localization_id: null,
      release_results: a.releaseAfterClose ? 'after_close' : 'manual',
    });
  }
}
