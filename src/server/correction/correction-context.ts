import { sql } from 'kysely';
import {
  markingItems,
  MARKER_SLOTS,
  type MarkerSlot,
  type MarkingHandle,
  type MarkingItem,
  type MarkingRules,
  type SheetMark,
} from '../../common/correction/index';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The exam, assignment, student and latest attempt that one correction is about, named by the
 * student's id, or by the assignment's code when the exam is marked anonymously. A handle of the
 * other kind is not found, whoever it names: under anonymous marking no route takes a student's id.
 */
export async function loadCorrectionTarget(db: Db, examId: number, handle: MarkingHandle) {
  const row = await db
    .selectFrom('student_exams as se')
    .innerJoin('exams as e', 'e.id', 'se.exam_id')
    .innerJoin('exam_types as et', 'et.id', 'e.exam_type_id')
    .innerJoin('students as st', 'st.id', 'se.student_id')
    .innerJoin('schools as sc', 'sc.id', 'st.school_id')
    .innerJoin('school_classes as cl', 'cl.id', 'st.school_class_id')
    .leftJoin('exam_localizations as loc', 'loc.id', 'se.exam_localization_id')
    .select([
      'se.id as assignment_id',
      'se.marking_code',
      'se.exam_localization_id',
      'se.end_date_time',
      'se.shuffle_choices',
      'se.shuffle_questions',
      'se.school_id as assignment_school_id',
      'loc.name as localization_name',
      'e.id as exam_id',
      'e.name_en as exam_name_en',
      'e.name_ar as exam_name_ar',
      'e.max_mark',
      'e.pass_mark',
      'e.double_marking',
      'e.double_marking_threshold',
      'e.anonymous_marking',
      'et.is_mock',
      'st.id as student_id',
      'st.name as student_name',
      'st.name_en as student_name_en',
      'st.name_ar as student_name_ar',
      'sc.id as school_id',
      'sc.name_en as school_name_en',
      'sc.name_ar as school_name_ar',
      'cl.id as class_id',
      'cl.name_en as class_name_en',
      'cl.name_ar as class_name_ar',
    ])
    .where('se.exam_id', '=', examId)
    .where((eb) =>
      typeof handle === 'string'
        ? eb.and([eb('e.anonymous_marking', '=', true), eb('se.marking_code', '=', handle)])
        : eb.and([eb('e.anonymous_marking', '=', false), eb('se.student_id', '=', handle)]),
    )
    .executeTakeFirst();
  if (!row) throw notFound();
  const attempt = await db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('student_exam_id', '=', row.assignment_id)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    exam: {
      id: row.exam_id,
      name_en: row.exam_name_en,
      name_ar: row.exam_name_ar,
      max_mark: Number(row.max_mark),
      pass_mark: Number(row.pass_mark),
      double_marking: row.double_marking,
      double_marking_threshold: Number(row.double_marking_threshold),
      anonymous_marking: row.anonymous_marking,
      is_mock: row.is_mock,
    },
    assignment: {
      id: row.assignment_id,
      code: row.marking_code,
      end_date_time: row.end_date_time,
      exam_localization_id: row.exam_localization_id,
      localization_name: row.localization_name,
      shuffle_choices: row.shuffle_choices,
      shuffle_questions: row.shuffle_questions,
      /** Where the student was placed when assigned (the audit log files a correction under it). */
      school_id: row.assignment_school_id,
    },
    student: {
      id: row.student_id,
      name: row.student_name,
      name_en: row.student_name_en,
      name_ar: row.student_name_ar,
      school: { id: row.school_id, name_en: row.school_name_en, name_ar: row.school_name_ar },
      school_class: { id: row.class_id, name_en: row.class_name_en, name_ar: row.class_name_ar },
    },
    attempt: attempt ?? null,
  };
}
export type CorrectionTarget = Awaited<ReturnType<typeof loadCorrectionTarget>>;
export type AttemptRecord = NonNullable<CorrectionTarget['attempt']>;

export const rulesOf = (exam: CorrectionTarget['exam']): MarkingRules => ({
  double: exam.double_marking,
  thresholdPercent: exam.double_marking_threshold,
});

/** The exam's questions as scored (the stored keys), and the attempt's answers by question. */
export async function loadScoringInput(db: Db, examId: number, attemptId: number) {
  const questions = (
    await db
      .selectFrom('exam_questions')
      .select(['id', 'answer_type', 'answer_key', 'mark', 'mark_option', 'skill_id', 'position'])
      .where('exam_id', '=', examId)
      .orderBy('position')
      .orderBy('id')
      .execute()
  ).map((q) => ({ ...q, answer_key: json<unknown>(q.answer_key), mark: Number(q.mark) }));
  const answers = new Map(
    (
      await db
        .selectFrom('attempt_answers')
        .select(['question_id', 'answer'])
        .where('attempt_id', '=', attemptId)
        .execute()
    ).map((a) => [a.question_id, json<unknown>(a.answer)]),
  );
  const items = new Map<number, MarkingItem[]>(
    questions.map((q) => [q.id, markingItems(q, answers.get(q.id) ?? null)]),
  );
  return { questions, answers, items };
}
export type ScoringInput = Awaited<ReturnType<typeof loadScoringInput>>;

export interface Sheet {
  slot: MarkerSlot;
  marker_id: number | null;
  marker_name: string | null;
  version: number;
}

/** The attempt's marker sheets and every mark on them. */
export async function loadSheets(db: Db, attemptId: number): Promise<{ sheets: Sheet[]; marks: SheetMark[] }> {
  const sheets = await db
    .selectFrom('correction_sheets as s')
    .leftJoin('users as u', 'u.id', 's.marker_id')
    .select(['s.slot', 's.marker_id', 's.version', 'u.name as marker_name'])
    .where('s.attempt_id', '=', attemptId)
    .orderBy('s.slot')
    .execute();
  const marks = await db
    .selectFrom('correction_marks')
    .select(['slot', 'question_id', 'part', 'mark', 'comment', 'reason', 'updated_at'])
    .where('attempt_id', '=', attemptId)
    .execute();
  return {
    sheets: sheets.map((s) => ({ ...s, slot: s.slot as MarkerSlot })),
    marks: marks.map((m) => ({
      slot: m.slot as MarkerSlot,
      question_id: m.question_id,
      part: m.part,
      mark: num(m.mark),
      comment: m.comment,
      reason: m.reason,
      at: new Date(m.updated_at).getTime(),
    })),
  };
}

export type MarkerRoleName = 'single' | 'first' | 'second' | 'deciding' | 'observer';

/**
 * The sheet a user writes to. Single marking: everyone shares the one sheet. Double marking: the
 * user's own sheet; else the first free of the two blind ones; else the deciding sheet when an
 * answer waits for a deciding mark (or one was given); else the user only observes.
 */
export function markerPlace(
  double: boolean,
  sheets: Sheet[],
  userId: number,
  deciding: boolean,
): { role: MarkerRoleName; slot: MarkerSlot | null } {
  if (!double) return { role: 'single', slot: MARKER_SLOTS.first };
  const own = sheets.find((s) => s.marker_id === userId && s.slot !== MARKER_SLOTS.deciding);
  const names = { 1: 'first', 2: 'second', 3: 'deciding' } as const;
  if (own) return { role: names[own.slot], slot: own.slot };
  const taken = new Set(sheets.map((s) => s.slot));
  if (!taken.has(MARKER_SLOTS.first)) return { role: 'first', slot: MARKER_SLOTS.first };
  if (!taken.has(MARKER_SLOTS.second)) return { role: 'second', slot: MARKER_SLOTS.second };
  if (deciding || taken.has(MARKER_SLOTS.deciding)) return { role: 'deciding', slot: MARKER_SLOTS.deciding };
  return { role: 'observer', slot: null };
}

/** The version of a slot's sheet (0 before its first save). */
export const versionOf = (sheets: Sheet[], slot: MarkerSlot | null) =>
  slot === null ? 0 : (sheets.find((s) => s.slot === slot)?.version ?? 0);

/** Locks the attempt's row for one save (two markers saving at once are taken one after the other). */
export const lockAttempt = (db: Db, attemptId: number) =>
  sql`select id from exam_attempts where id = ${attemptId} for update`.execute(db);
