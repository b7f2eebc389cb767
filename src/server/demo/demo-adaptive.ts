import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { DemoClient } from './demo-api';
import { seedExam, wallTime } from './demo-content';
import type { PlatformLookups } from './demo-lookups';

/** Answer types a student answers by choosing: the adaptive demo's questions (scored at once, by keyboard). */
const CHOSEN = ['single_choice', 'multiple_choice', 'true_false'];

/**
 * An adaptive reading check for the demo student (issue 43): the bank's questions calibrated on the
 * reading scale by the Grade 5 rounds, given one at a time to the demo student's Grade 4, each
 * chosen at the student's current ability, until the standard error reaches the target. The demo's
 * pool is small (nine questions), so its target is loose; a real pool holds hundreds.
 */
export async function seedAdaptiveExam(db: Db, author: DemoClient, ira: PlatformLookups, timeZone: string) {
  const { rows } = await sql<{ id: number }>`
    select distinct q.id from item_parameters p
    join scales s on s.id = p.scale_id and s.skill_id = ${ira.skills.reading}
    join questions q on q.id = p.question_id
    where q.answer_type in (${sql.join(CHOSEN)})
    order by q.id`.execute(db);
  const examId = await seedExam(
    author,
    ira,
    {
      name_en: 'Adaptive Reading Check, Grade 4',
      name_ar: 'اختبار القراءة التكيفي، الصف الرابع',
      questionIds: rows.map((row) => Number(row.id)),
      from: -1,
      to: 60,
      examType: 'benchmark',
      duration: 1,
      round: 0,
      publish: true,
      delivery: {
        delivery_mode: 'adaptive',
        skill_ids: [ira.skills.reading],
        adaptive_min_questions: 4,
        adaptive_max_questions: rows.length,
        adaptive_se_target: 1.2,
        adaptive_start: 'stage_mean',
        adaptive_exposure: 'none',
      },
    },
    timeZone,
  );
  const student = await db
    .selectFrom('students')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select('students.id')
    .where('users.email', '=', 'student@example.com')
    .executeTakeFirstOrThrow();
  await author.post(`/api/exams/${examId}/assign/students`, {
    school_ids: [],
    student_ids: [student.id],
    start_date_time: wallTime(-1, 7, timeZone),
    end_date_time: wallTime(60, 18, timeZone),
    show_answers: false,
    shuffle_choices: false,
    shuffle_questions: false,
    exam_localization_id: null,
    release_results: 'after_close',
  });
  return examId;
}
