import { z } from 'zod';
import { studentQuestion } from './questions';

const instant = z.string();
const wallTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const named = z.object({ id: z.number(), name_en: z.string(), name_ar: z.string() }).strict();
/** A status lookup entry (exam status, correction status) with its stable id and both names. */
export const statusEntry = z
  .object({ id: z.number(), key: z.string(), name_en: z.string(), name_ar: z.string() })
  .strict();
export type StatusEntry = z.infer<typeof statusEntry>;

/**
 * How a correction addresses a student's attempt: their id (SPEC section 7), or under anonymous
 * marking the assignment's marking code, random and unique within the exam.
 */
export const markingCode = z.string().regex(/^[0-9A-Z]{6,16}$/);
export const markingHandle = z.union([z.number(), markingCode]);

/**
 * `GET /api/exams/{id}/assigned/students`: one assigned student (SPEC section 3, Assigned student
 * record). Under anonymous marking nothing links the row to the person: `id` and `name` are the
 * code, and every id, the school, the class and the assignment's window are null.
 */
export const assignedStudent = z
  .object({
    id: markingHandle,
    student_id: z.number().nullable(),
    student: z.object({ school_id: z.number().nullable(), school_class_id: z.number().nullable() }).strict(),
    name: z.string(),
    /** The marking code, under anonymous marking only. */
    code: markingCode.nullable(),
    start_date_time: wallTime.nullable(),
    end_date_time: wallTime.nullable(),
    school: named.nullable(),
    school_class: named.nullable(),
    exam_status_id: z.number(),
    exam_status: statusEntry,
    student_exam_status_id: z.number().nullable(),
    student_status: statusEntry.nullable(),
    /** The exam's scale (its maximum mark) and pass mark; `total` the student's mark on it once corrected. */
    total_mark: z.number(),
    pass_mark: z.number(),
    total: z.number().nullable(),
    passed: z.boolean().nullable(),
    needs_deciding: z.boolean(),
    attempt_id: z.number().nullable(),
  })
  .strict();
export type AssignedStudent = z.infer<typeof assignedStudent>;

/** `GET /api/exams/{id}/assigned/filters`: the list's filter choices and the exam's marking settings. */
export const assignedFilters = z
  .object({
    exam: z
      .object({
        id: z.number(),
        name_en: z.string(),
        name_ar: z.string(),
        double_marking: z.boolean(),
        anonymous_marking: z.boolean(),
        is_mock: z.boolean(),
        correction_status: statusEntry,
      })
      .strict(),
    /** The schools and classes of the assigned students, each with its rolled-up correction status (empty when anonymous). */
    schools: z.array(named.extend({ correction_status: statusEntry }).strict()),
    school_classes: z.array(named.extend({ school_id: z.number(), correction_status: statusEntry }).strict()),
    exam_statuses: z.array(statusEntry),
    correction_statuses: z.array(statusEntry),
  })
  .strict();
export type AssignedFilters = z.infer<typeof assignedFilters>;

/**
 * `GET /api/exams/{id}/assigned/students/{studentId}/neighbours` (and `.../anonymous/{code}/neighbours`):
 * the students before and after, in the list's order, by the same handle (id, or code when anonymous).
 */
export const assignedNeighbours = z
  .object({
    previous: markingHandle.nullable(),
    next: markingHandle.nullable(),
    position: z.number().nullable(),
    total: z.number(),
  })
  .strict();
export type AssignedNeighbours = z.infer<typeof assignedNeighbours>;

export const MARKER_ROLES = ['single', 'first', 'second', 'deciding', 'observer'] as const;
export type MarkerRole = (typeof MARKER_ROLES)[number];

const sheetMark = z
  .object({ mark: z.number().nullable(), comment: z.string().nullable(), reason: z.string().nullable() })
  .strict();

/** Another sheet's mark, shown to the deciding marker and to observers, never to a blind marker. */
const otherMark = sheetMark.extend({ slot: z.number(), marker: z.string().nullable() }).strict();

/** One thing a mark is given for: the whole question (`part` '') or a related question of a paragraph. */
export const correctionItem = z
  .object({
    part: z.string(),
    kind: z.string(),
    /** A related question's text; null for the whole question. */
    text: z.string().nullable(),
    max: z.number(),
    /** An answered essay or recording that a human marks; anything else has an automatic score. */
    manual: z.boolean(),
    auto_score: z.number(),
    word_count: z.number().nullable(),
    recording: z.object({ url: z.string(), duration_seconds: z.number() }).strict().nullable(),
    mine: sheetMark.nullable(),
    others: z.array(otherMark),
    /** The mark that counts (null while missing, and for a blind marker's manual items). */
    final: z.number().nullable(),
    needs_deciding: z.boolean(),
    disputed: z.boolean(),
  })
  .strict();
export type CorrectionItem = z.infer<typeof correctionItem>;

export const correctionQuestion = studentQuestion
  .extend({
    number: z.number(),
    skill_id: z.number(),
    answer: z.unknown(),
    correct_answer: z.unknown(),
    auto_score: z.number(),
    max: z.number(),
    items: z.array(correctionItem),
  })
  .strict();
export type CorrectionQuestion = z.infer<typeof correctionQuestion>;

/** `GET /api/exams/{id}/students/{studentId}/correction` and the answer of a saved correction. */
export const correctionView = z
  .object({
    exam: z
      .object({
        id: z.number(),
        name_en: z.string(),
        name_ar: z.string(),
        max_mark: z.number(),
        pass_mark: z.number(),
        double_marking: z.boolean(),
        double_marking_threshold: z.number(),
        anonymous_marking: z.boolean(),
      })
      .strict(),
    /** Under anonymous marking: no id, the code for a name, no school or class. */
    student: z
      .object({
        id: z.number().nullable(),
        name: z.string(),
        code: markingCode.nullable(),
        school: named.nullable(),
        school_class: named.nullable(),
      })
      .strict(),
    assignment_id: z.number().nullable(),
    exam_status: statusEntry,
    student_status: statusEntry.nullable(),
    localization: z.object({ id: z.number(), name: z.string() }).strict().nullable(),
    attempt: z
      .object({
        /** Under anonymous marking every field is null: an instant, a number or how it ended could join a code to a person. */
        id: z.number().nullable(),
        number: z.number().nullable(),
        started_at: instant.nullable(),
        submitted_at: instant.nullable(),
        auto_submitted: z.boolean().nullable(),
      })
      .strict()
      .nullable(),
    /**
     * The result (null before submission). `basis` 'own_sheet': a blind marker's, from their own
     * marks alone, as if they were the only marker; 'final': the attempt's.
     */
    result: z
      .object({
        basis: z.enum(['final', 'own_sheet']),
        score: z.number(),
        max: z.number(),
        mark: z.number(),
        passed: z.boolean(),
        complete: z.boolean(),
        marking_total: z.number(),
        marking_final: z.number(),
        needs_deciding: z.boolean(),
      })
      .strict()
      .nullable(),
    marker: z
      .object({
        role: z.enum(MARKER_ROLES),
        slot: z.number().nullable(),
        /** Send it back with the save: a save from an older version is refused (409). */
        version: z.number(),
        can_save: z.boolean(),
      })
      .strict(),
    questions: z.array(correctionQuestion),
  })
  .strict();
export type CorrectionView = z.infer<typeof correctionView>;

/** `GET /api/exams/{id}/students/{studentId}/correction/audit`: every change of a mark, oldest first. */
export const correctionAuditEntry = z
  .object({
    id: z.number(),
    attempt_id: z.number().nullable(),
    question_id: z.number(),
    part: z.string(),
    slot: z.number(),
    user: z.object({ id: z.number().nullable(), name: z.string() }).strict(),
    old_mark: z.number().nullable(),
    new_mark: z.number().nullable(),
    old_comment: z.string().nullable(),
    new_comment: z.string().nullable(),
    reason: z.string().nullable(),
    created_at: instant,
  })
  .strict();
export type CorrectionAuditEntry = z.infer<typeof correctionAuditEntry>;
