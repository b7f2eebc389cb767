import { z } from 'zod';

const instant = z.string();

export const MONITOR_STATUSES = [
  'not_started',
  'in_progress',
  'submitted',
  'auto_submitted',
  'force_submitted',
  'absent',
] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

const totals = z
  .object({
    assigned: z.number(),
    not_started: z.number(),
    in_progress: z.number(),
    submitted: z.number(),
    auto_submitted: z.number(),
    force_submitted: z.number(),
    absent: z.number(),
    online: z.number(),
    unsent: z.number(),
    /** Whose results have reached them. */
    released: z.number(),
  })
  .strict();
export type MonitorTotals = z.infer<typeof totals>;

/** One student of the monitor: where they stand now. */
export const monitorStudent = z
  .object({
    student_id: z.number(),
    assignment_id: z.number(),
    student_number: z.string(),
    /** In the reader's language (Accept-Language). */
    name: z.string(),
    school_id: z.number(),
    school_class_id: z.number(),
    status: z.enum(MONITOR_STATUSES),
    started_at: instant.nullable(),
    deadline_at: instant.nullable(),
    submitted_at: instant.nullable(),
    /** Running only: seconds to the deadline, extra time included. */
    time_left_seconds: z.number().nullable(),
    /** The extra time of the attempt (accommodation and extensions), or the student's for this exam before a start. */
    extra_seconds: z.number(),
    answered: z.number(),
    total: z.number(),
    /** Adaptive exams only: the standard error of the student's ability so far (logits; null before a start). */
    standard_error: z.number().nullable().optional(),
    last_seen_at: instant.nullable(),
    last_saved_at: instant.nullable(),
    /** The player was heard from within `online_seconds`. */
    online: z.boolean(),
    /** Answers the computer said it keeps unsent (running attempts only). */
    unsent: z.number(),
    /** Whether the results have reached the student. */
    released: z.boolean(),
  })
  .strict();
export type MonitorStudent = z.infer<typeof monitorStudent>;

const named = { id: z.number(), name_en: z.string(), name_ar: z.string() };

/** `GET /api/exams/{id}/monitor`. */
export const examMonitor = z
  .object({
    exam: z
      .object({
        ...named,
        is_mock: z.boolean(),
        duration_minutes: z.number(),
        /** An adaptive exam's: its most questions. */
        question_count: z.number(),
        /** Adaptive (issue 43): each student's questions are chosen one at a time; the students carry a standard error. */
        adaptive: z.boolean(),
        anonymity: z.enum(['none', 'held', 'lifted']),
      })
      .strict(),
    server_time: instant,
    online_seconds: z.number(),
    totals,
    schools: z.array(
      z.object({ ...named, totals, classes: z.array(z.object({ ...named, totals }).strict()) }).strict(),
    ),
    students: z.array(monitorStudent),
  })
  .strict();
export type ExamMonitor = z.infer<typeof examMonitor>;

export const INTERVENTIONS = ['extend', 'reopen', 'force_submit', 'reset'] as const;
export type InterventionAction = (typeof INTERVENTIONS)[number];
export const SKIP_REASONS = [
  'not_started',
  'not_running',
  'not_submitted',
  'released',
  'marking_started',
  'no_time_left',
  'answers_shown',
] as const;

const who = { student_id: z.number(), assignment_id: z.number(), name_en: z.string(), name_ar: z.string() };

/** `POST /api/exams/{id}/interventions`: whom it reached (or would, in a preview) and whom not, and why. */
export const interventionOutcome = z
  .object({
    action: z.enum(INTERVENTIONS),
    preview: z.boolean(),
    applied: z.array(
      z
        .object({
          ...who,
          deadline_at: instant.nullable(),
          erases: z.object({ attempts: z.number(), answers: z.number(), marks: z.number() }).strict().optional(),
        })
        .strict(),
    ),
    skipped: z.array(z.object({ ...who, reason: z.enum(SKIP_REASONS) }).strict()),
  })
  .strict();
export type InterventionOutcome = z.infer<typeof interventionOutcome>;
