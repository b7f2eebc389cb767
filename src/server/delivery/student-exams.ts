import { studentScore } from './student-score';
import { sql } from 'kysely';
import { formatWallTime } from '../../common/datetime';
import type { Db } from '../db/database';
import { latestAttempts, studentAssignments } from './assignment-store';
import { statusOf } from './attempt-status';
import { extraSecondsOf } from './extra-time';
import { resultsReleased } from './result-release';

/** `GET /student/exams`: the student's assignments with the exam's outline, status and time left. */
export async function listStudentExams(
  db: Db,
  studentId: number,
  now: Date,
  options: { timeZone: string; graceSeconds: number },
) {
  const assignments = await studentAssignments(db, studentId);
  if (assignments.length === 0) return [];
  const examIds = [...new Set(assignments.map((a) => a.exam_id))];
  const latest = new Map(
    (
      await latestAttempts(
        db,
        assignments.map((a) => a.id),
      )
    ).map((attempt) => [attempt.student_exam_id, attempt]),
  );
  // An adaptive exam gives each student at most its most questions, out of a larger pool.
  const counts = new Map(
    (
      await db
        .selectFrom('exam_questions')
        .innerJoin('exams', 'exams.id', 'exam_questions.exam_id')
        .select([
          'exam_questions.exam_id',
          sql<number>`case when exams.delivery_mode = 'adaptive'
            then least(count(*), max(exams.adaptive_max_questions))::int else count(*)::int end`.as('n'),
        ])
        .where('exam_questions.exam_id', 'in', examIds)
        .groupBy(['exam_questions.exam_id', 'exams.delivery_mode'])
        .execute()
    ).map((row) => [row.exam_id, row.n]),
  );
  const skills = await db
    .selectFrom('exam_skills')
    .innerJoin('skills', 'skills.id', 'exam_skills.skill_id')
    .select(['exam_skills.exam_id', 'skills.id', 'skills.name_en', 'skills.name_ar'])
    .where('exam_skills.exam_id', 'in', examIds)
    .orderBy('skills.id')
    .execute();
  const wall = (date: Date) => formatWallTime(date, options.timeZone);
  return assignments.map((assignment) => {
    const attempt = latest.get(assignment.id);
    const { status, time_left_seconds } = statusOf(assignment, attempt, now, options.graceSeconds);
    const released = resultsReleased(assignment, now, options.graceSeconds);
    // An adaptive exam's result is its scaled score, on the attempt's own page (no percentage).
    const result = released && attempt?.status === 'submitted' && !assignment.exam.adaptive;
    return {
      id: assignment.id,
      exam: {
        id: assignment.exam.id,
        name_en: assignment.exam.name_en,
        name_ar: assignment.exam.name_ar,
        duration_minutes: assignment.exam.duration_minutes,
        is_mock: assignment.exam.is_mock,
        question_count: counts.get(assignment.exam_id) ?? 0,
        skills: skills
          .filter((skill) => skill.exam_id === assignment.exam_id)
          .map(({ id, name_en, name_ar }) => ({ id, name_en, name_ar })),
      },
      start_date_time: wall(assignment.start),
      end_date_time: wall(assignment.end),
      status,
      time_left_seconds,
      attempts: attempt?.number ?? 0,
      // The marked result once every answer is marked (issue 41), the automatic part until then.
      ...(result
        ? studentScore(attempt, assignment.exam.max_mark)
        : { score: null, max_score: null, mark: null, max_mark: null, passed: null, marked: false }),
      results_released: released,
      extra_seconds:
        attempt?.status === 'in_progress'
          ? attempt.extra_seconds
          : extraSecondsOf(assignment.extra_time, assignment.exam.duration_minutes),
    };
  });
}
