import { z } from 'zod';
import { PERFORMANCE_LEVELS } from '../reports/performance-levels';
import { studentQuestion } from './questions';

const instant = z.string();
const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const named = z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict();

export const ASSIGNMENT_STATUSES = ['upcoming', 'available', 'in_progress', 'submitted', 'expired'] as const;

/**
 * A released result as its student reads it (issue 41): `score` of `max_score` are points (the
 * automatic part until every answer is marked, `marked: false`); once marked, `mark` of `max_mark`
 * is the exam's whole-number mark (docs/scoring.md) and `passed` its pass.
 */
const scoreFields = {
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  mark: z.number().nullable(),
  max_mark: z.number().nullable(),
  passed: z.boolean().nullable(),
};

/** `GET /api/student/exams`: one of the student's assignments. */
export const studentExam = z
  .object({
    id: z.number(),
    exam: z
      .object({
        id: z.number(),
        name_en: z.string(),
        name_ar: z.string(),
        duration_minutes: z.number(),
        is_mock: z.boolean(),
        question_count: z.number(),
        skills: z.array(named),
      })
      .strict(),
    start_date_time: wallTime,
    end_date_time: wallTime,
    status: z.enum(ASSIGNMENT_STATUSES),
    time_left_seconds: z.number(),
    attempts: z.number(),
    ...scoreFields,
    marked: z.boolean(),
    /** Whether the results have reached the student (the score fields are null until then). */
    results_released: z.boolean(),
    /** The extra time (seconds) the student has in this exam: their accommodation or the assignment's. */
    extra_seconds: z.number(),
  })
  .strict();
export type StudentExam = z.infer<typeof studentExam>;

/**
 * One question's result after submission, with the right answer, when the assignment shows answers
 * and the exam has closed for everyone (ids as the attempt's student sees them).
 */
export const questionResult = z
  .object({
    question_id: z.number(),
    answer: z.unknown(),
    correct_answer: z.unknown(),
    score: z.number().nullable(),
    max: z.number(),
    needs_manual: z.boolean(),
  })
  .strict();

/** An adaptive attempt (issue 43) as its student sees it: questions answered, and whether the test has ended. */
const adaptiveState = z.object({ answered: z.number(), finished: z.boolean() }).strict();

/**
 * An adaptive attempt's released result: the scaled score on the skill's scale with its standard
 * error (points), and the performance level where the scale has cuts for the grade or level.
 */
const scaledResult = z
  .object({
    name_en: z.string(),
    name_ar: z.string(),
    score: z.number(),
    se: z.number(),
    level: z.enum(PERFORMANCE_LEVELS).nullable(),
  })
  .strict();

/** `POST /start`, `GET /attempt`, `POST /submit`: an attempt as its student sees it. */
export const attemptView = z
  .object({
    id: z.number(),
    assignment_id: z.number(),
    number: z.number(),
    status: z.enum(['in_progress', 'submitted']),
    started_at: instant,
    deadline_at: instant,
    submitted_at: instant.nullable(),
    auto_submitted: z.boolean(),
    /** Submitted by a supervisor (an intervention), not by its student or the clock. */
    forced: z.boolean(),
    /** The extra time (seconds) its deadline includes: the student's accommodation and any extension. */
    extra_seconds: z.number(),
    /** The server's clock when it answered: the client corrects its own by the difference. */
    server_time: instant,
    exam: z
      .object({
        id: z.number(),
        name_en: z.string(),
        name_ar: z.string(),
        duration_minutes: z.number(),
        is_mock: z.boolean(),
        /** The exam's scale: its mark is out of this. */
        max_mark: z.number(),
      })
      .strict(),
    questions_per_page: z.number(),
    questions: z.array(studentQuestion),
    /** Saved answers by question id, with the sequence number the server holds. */
    answers: z.record(z.string(), z.object({ answer: z.unknown(), seq: z.number() }).strict()),
    media_plays: z.record(z.string(), z.number()),
    /** The questions the student flagged for review (`PUT .../flags`). */
    flags: z.array(z.number()).optional(),
    /** Adaptive exams only: `questions` are those given so far, the last the one the student is on (until finished). */
    adaptive: adaptiveState.nullable().optional(),
    result: z
      .object({
        /** Whether the results have reached the student: until then score and max_score are null. */
        released: z.boolean(),
        ...scoreFields,
        /** Some answers wait for a teacher: the score is the automatic part and may change. */
        needs_correction: z.boolean(),
        /**
         * The assignment shows answers, but not yet: they (and each question's outcome) come once
         * the exam has closed for everyone assigned to it.
         */
        answers_pending: z.boolean(),
        questions: z.array(questionResult).nullable(),
        /** Adaptive exams: the scaled score in place of a percentage (different students saw different questions). */
        scaled: scaledResult.nullable().optional(),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type AttemptView = z.infer<typeof attemptView>;

/** `PUT /answers`: what the server holds after a batch. */
export const answersSaved = z
  .object({
    saved: z.array(z.object({ question_id: z.number(), seq: z.number() }).strict()),
    server_time: instant,
    deadline_at: instant,
    extra_seconds: z.number(),
  })
  .strict();
export type AnswersSaved = z.infer<typeof answersSaved>;

/** `POST /next` (adaptive exams): the confirmed answer's acknowledgement and the next question, none once the test ends. */
export const adaptiveNext = answersSaved
  .extend({
    adaptive: adaptiveState.extend({ question: studentQuestion.nullable() }).strict(),
  })
  .strict();
export type AdaptiveNext = z.infer<typeof adaptiveNext>;

/**
 * `POST /heartbeat`: the assignment's latest attempt as it stands (a supervisor may have extended,
 * submitted, reset or reopened it): `attempt_id` null and status `none` once reset.
 */
export const heartbeatAnswer = z
  .object({
    attempt_id: z.number().nullable(),
    status: z.enum(['in_progress', 'submitted', 'none']),
    deadline_at: instant.nullable(),
    extra_seconds: z.number(),
    auto_submitted: z.boolean(),
    forced: z.boolean(),
    server_time: instant,
  })
  .strict();
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswer>;

/** `GET` and `PUT /api/student/preferences`: how the student likes the player shown. */
export const playerPreferences = z
  .object({ text_size: z.enum(['normal', 'large', 'larger']), high_contrast: z.boolean() })
  .strict();
export type PlayerPreferences = z.infer<typeof playerPreferences>;

/** `POST /media/{questionId}/play`. */
export const mediaPlay = z.object({ plays: z.number(), remaining: z.number().nullable() }).strict();

/** `GET /api/exams/{id}/assignation/schools`. */
export const assignationSchool = z
  .object({
    id: z.number(),
    name: z.string(),
    name_en: z.string(),
    name_ar: z.string(),
    eligible_count: z.number(),
    assigned_count: z.number(),
  })
  .strict();

/** `GET /api/exams/{id}/assignation/schools/{schoolId}/students`. */
export const assignationStudent = z
  .object({
    id: z.number(),
    name: z.string(),
    school_class_id: z.number(),
    school_class: named,
    assigned: z.boolean(),
    started: z.boolean(),
    has_answers: z.boolean(),
  })
  .strict();

/** Assign and reassign answers. */
export const assignmentOutcome = z
  .object({
    assigned: z.number(),
    already_assigned: z.number(),
    skipped: z.array(
      z.object({ student_id: z.number(), reason: z.enum(['not_eligible', 'unknown_student']) }).strict(),
    ),
  })
  .strict();
export type AssignmentOutcome = z.infer<typeof assignmentOutcome>;
