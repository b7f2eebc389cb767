import { sql } from 'kysely';
import type { Db, RunPrepared } from '../db/database';
import { notFound } from '../http/app-error';
import { extraTimeOf, type ExtraTime } from './extra-time';
import { deliveryRefusal } from './refusals';

/** An assignment as delivery works with it: the window and options, and the exam's settings. */
export interface Assignment {
  id: number;
  exam_id: number;
  student_id: number;
  exam_localization_id: number | null;
  start: Date;
  end: Date;
  show_answers: boolean;
  shuffle_choices: boolean;
  shuffle_questions: boolean;
  exam: {
    id: number;
    name_en: string;
    name_ar: string;
    questions_per_page: number;
    duration_minutes: number;
    is_mock: boolean;
    /** The exam's scale: a mark is the points on it, a whole number (`reportedMark`). */
    max_mark: number;
    /** Adaptive (issue 43): the server chooses each question as the last is answered. */
    adaptive: boolean;
  };
  /**
   * When the exam and its localization last changed (publishing sets it; a published one is frozen):
   * what a student view kept in memory is checked against.
   */
  content_version: string;
  /** An assigned exam unpublished before anyone started it (allowed then) cannot be started. */
  published: boolean;
  /** The student's extra time for this exam: the assignment's override, else their own accommodation. */
  extra_time: ExtraTime;
  /** When its results reach the student and school staff (see result-release.ts). */
  release_mode: 'manual' | 'after_close';
  released_at: Date | null;
}

export type AttemptRow = Awaited<ReturnType<typeof latestAttempts>>[number];

/** The student record of a signed-in user: 403 for an account that is not a student's. */
export async function studentIdOf(db: Db, userId: number, runPrepared?: RunPrepared): Promise<number> {
  const query = db.selectFrom('students').select('id').where('user_id', '=', userId);
  // Prepared where it can be: every start and submit of an exam day begins here (issue 29).
  const student = runPrepared
    ? (await runPrepared('ltm_student_of_user', query.compile())).rows[0]
    : await query.executeTakeFirst();
  if (!student) throw deliveryRefusal.notAStudent();
  return student.id;
}

function assignmentQuery(db: Db) {
  return db
    .selectFrom('student_exams')
    .innerJoin('exams', 'exams.id', 'student_exams.exam_id')
    .innerJoin('durations', 'durations.id', 'exams.duration_id')
    .innerJoin('exam_types', 'exam_types.id', 'exams.exam_type_id')
    .leftJoin('exam_localizations', 'exam_localizations.id', 'student_exams.exam_localization_id')
    .innerJoin('students', 'students.id', 'student_exams.student_id')
    .select([
      'student_exams.id',
      'student_exams.exam_id',
      'student_exams.student_id',
      'student_exams.exam_localization_id',
      'student_exams.start_date_time',
      'student_exams.end_date_time',
      'student_exams.show_answers',
      'student_exams.shuffle_choices',
      'student_exams.shuffle_questions',
      'exams.name_en',
      'exams.name_ar',
      'exams.questions_per_page',
      'exams.max_mark',
      'exams.delivery_mode',
      'exams.start_date_time as exam_start',
      'exams.end_date_time as exam_end',
      'durations.number as duration_minutes',
      'exam_types.is_mock',
      'exams.updated_at as exam_updated_at',
      'exams.is_published',
      'exam_localizations.updated_at as localization_updated_at',
      'student_exams.extra_time_minutes',
      'student_exams.extra_time_percent',
      'students.extra_time_minutes as student_extra_minutes',
      'students.extra_time_percent as student_extra_percent',
      'student_exams.release_mode',
      'student_exams.released_at',
    ]);
}

type AssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentQuery>['execute']>>[number];

function toAssignment(row: AssignmentRow): Assignment {
  return {
    id: row.id,
    exam_id: row.exam_id,
    student_id: row.student_id,
    exam_localization_id: row.exam_localization_id,
    // An assignment made before windows existed takes the exam's own.
    start: new Date(row.start_date_time ?? row.exam_start),
    end: new Date(row.end_date_time ?? row.exam_end),
    show_answers: row.show_answers,
    shuffle_choices: row.shuffle_choices,
    shuffle_questions: row.shuffle_questions,
    exam: {
      id: row.exam_id,
      name_en: row.name_en,
      name_ar: row.name_ar,
      questions_per_page: row.questions_per_page,
      duration_minutes: row.duration_minutes,
      is_mock: row.is_mock,
      max_mark: Number(row.max_mark),
      adaptive: row.delivery_mode === 'adaptive',
    },
    published: row.is_published,
    extra_time: extraTimeOf(row),
    release_mode: row.release_mode,
    released_at: row.released_at === null ? null : new Date(row.released_at),
    content_version: [row.exam_updated_at, row.localization_updated_at]
      .map((at) => (at === null ? '-' : new Date(at).getTime()))
      .join(':'),
  };
}

/** One of the student's assignments; another student's is 404, so ids cannot be probed. */
export async function loadAssignment(
  db: Db,
  studentId: number,
  assignmentId: number,
  runPrepared?: RunPrepared,
): Promise<Assignment> {
  const query = assignmentQuery(db)
    .where('student_exams.id', '=', assignmentId)
    .where('student_exams.student_id', '=', studentId);
  const row = runPrepared
    ? (await runPrepared('ltm_load_assignment', query.compile())).rows[0]
    : await query.executeTakeFirst();
  if (!row) throw notFound();
  return toAssignment(row);
}

export async function studentAssignments(db: Db, studentId: number): Promise<Assignment[]> {
  const rows = await assignmentQuery(db)
    .where('student_exams.student_id', '=', studentId)
    .orderBy('student_exams.start_date_time')
    .orderBy('student_exams.id')
    .execute();
  return rows.map(toAssignment);
}

/** The latest attempt of one assignment, as a prepared statement (a start's and a submit's read). */
export async function latestAttempt(db: Db, runPrepared: RunPrepared, assignmentId: number) {
  // `limit 1` written out: a prepared `limit $n` gets a generic plan that cannot know it is one row.
  const query = sql<AttemptRow>`
    select * from exam_attempts where student_exam_id = ${assignmentId} order by number desc limit 1`.compile(db);
  return (await runPrepared('ltm_latest_attempt', query)).rows[0];
}

/** The latest attempt of each assignment (the running one, if any, is always the latest). */
export async function latestAttempts(db: Db, assignmentIds: number[]) {
  if (assignmentIds.length === 0) return [];
  return db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('student_exam_id', 'in', assignmentIds)
    .where(({ eb, selectFrom }) =>
      eb(
        'number',
        '=',
        selectFrom('exam_attempts as later')
          .select(({ fn }) => fn.max('later.number').as('n'))
          .whereRef('later.student_exam_id', '=', 'exam_attempts.student_exam_id'),
      ),
    )
    .execute();
}
