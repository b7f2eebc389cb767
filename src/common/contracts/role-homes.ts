import { z } from 'zod';
import { statusEntry } from './correction';

/*
 * The homes that fit the role (issue 26): a marker's "waiting for me" list and school staff's
 * page of their schools. Counts and names only: neither names a student.
 */

/** How many attempts wait for the reader, by the sheet they would mark: first, second or deciding. */
export const waitingCounts = z
  .object({ first: z.number(), second: z.number(), deciding: z.number(), total: z.number() })
  .strict();
export type WaitingCounts = z.infer<typeof waitingCounts>;

/** `GET /api/corrections/waiting`: one exam with attempts that wait for the reader's marks. */
export const waitingExam = z
  .object({
    exam_id: z.number(),
    name_en: z.string(),
    name_ar: z.string(),
    double_marking: z.boolean(),
    anonymous_marking: z.boolean(),
    counts: waitingCounts,
    /** When the longest-waiting of these attempts was submitted (ISO 8601). */
    oldest_submitted_at: z.string().nullable(),
  })
  .strict();
export type WaitingExam = z.infer<typeof waitingExam>;

export const markingWaiting = z.object({ totals: waitingCounts, exams: z.array(waitingExam) }).strict();
export type MarkingWaiting = z.infer<typeof markingWaiting>;

const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** An exam a school sits now: its assignments there whose window is open, and where their students stand. */
export const runningExam = z
  .object({
    exam_id: z.number(),
    name_en: z.string(),
    name_ar: z.string(),
    is_mock: z.boolean(),
    /** The earliest start and the latest end of those windows, as wall times. */
    start_date_time: wallTime,
    end_date_time: wallTime,
    assigned: z.number(),
    not_started: z.number(),
    in_progress: z.number(),
    submitted: z.number(),
  })
  .strict();
export type RunningExam = z.infer<typeof runningExam>;

/** An exam whose results reached some of the school's students: how many of those who submitted. */
export const releasedExam = z
  .object({
    exam_id: z.number(),
    name_en: z.string(),
    name_ar: z.string(),
    is_mock: z.boolean(),
    released: z.number(),
    submitted: z.number(),
    /** The latest release by an author or admin (ISO 8601); null for practice tests and releases at the window's end. */
    released_at: z.string().nullable(),
  })
  .strict();
export type ReleasedExam = z.infer<typeof releasedExam>;

/**
 * A generated report of the school. Its `name` is English only: `exam` names it in both languages,
 * and `subject` what it reports on (the student, class, grade or school), in both languages.
 */
export const homeReport = z
  .object({
    id: z.number(),
    name: z.string(),
    exam: z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict(),
    subject: z.object({ name_en: z.string(), name_ar: z.string() }).strict(),
    type: statusEntry,
    status: statusEntry,
    language: z.enum(['en', 'ar', 'both']),
    generated_at: z.string().nullable(),
  })
  .strict();
export type HomeReport = z.infer<typeof homeReport>;

/** `GET /api/schools/home`: one of the reader's schools. `reports` is null for a reader who may not see reports. */
export const schoolHome = z
  .object({
    id: z.number(),
    name_en: z.string(),
    name_ar: z.string(),
    running: z.array(runningExam),
    released: z.array(releasedExam),
    reports: z.array(homeReport).nullable(),
  })
  .strict();
export type SchoolHome = z.infer<typeof schoolHome>;
