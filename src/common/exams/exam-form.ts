import { z } from 'zod';
import type { PlatformIdentifier } from '../../../schemas/vocabulary';
import { parseWallTime } from '../datetime';
import { whenMissing } from '../validation';

/** Messages of the exam form (SPEC section 5), as catalog keys. */
export const EXAM_MESSAGES = {
  nameEn: 'exams.validation.name_en_required',
  nameAr: 'exams.validation.name_ar_required',
  start: 'exams.validation.start_required',
  end: 'exams.validation.end_required',
  duration: 'exams.validation.duration_required',
  grade: 'exams.validation.grade_required',
  level: 'exams.validation.level_required',
  round: 'exams.validation.round_required',
  skill: 'exams.validation.skill_required',
  minMark: 'exams.validation.min_mark_required',
  passMark: 'exams.validation.pass_mark_required',
  maxMark: 'exams.validation.max_mark_required',
  type: 'exams.validation.type_required',
  perPage: 'exams.validation.questions_per_page_required',
  markRange: 'exams.validation.mark_range',
  endAfterStart: 'exams.validation.end_after_start',
  passBetween: 'exams.validation.pass_between',
  platform: 'questions.platform_required',
} as const;

const M = EXAM_MESSAGES;
const digits = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);
const id = (key: string) => z.preprocess(digits, z.number({ error: key }).int({ error: key }).min(1, { error: key }));
const optionalId = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : digits(v)), z.number().int().min(1).nullable().optional());
const mark = (key: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
    z.number({ error: key }).min(0, { error: M.markRange }).max(100, { error: M.markRange }),
  );
const wallTime = (key: string) =>
  z.string({ error: whenMissing(key) }).trim().min(1, { error: key }).refine((v) => parseWallTime(v, 'UTC') !== null, { error: 'validation.invalid' });
const name = (key: string) => z.string({ error: whenMissing(key) }).trim().min(1, { error: key }).max(255);

/** Keys of an exam as read that the console sends back; accepted and ignored. */
export const EXAM_READ_ONLY_KEYS = [
  'id', 'name', 'total_mark', 'total_questions_mark', 'is_published', 'duration', 'grade', 'skills', 'level', 'round',
  'platform', 'type', 'exam_type', 'questions', 'questions_count', 'localizations_count', 'created_at', 'updated_at', 'created_by', 'started_count',
  'duration_minutes',
] as const;

/**
 * The exam form (SPEC sections 3 and 5), for the server and the console. `grade_id` and
 * `level_id` follow the platform (grade on IRA, level on ISA): see `checkExamPlatformFields`.
 * End must come after start, and the pass mark must lie between the minimum and maximum marks.
 */
export const examFormSchema = z
  .strictObject({
    name_en: name(M.nameEn),
    name_ar: name(M.nameAr),
    platform_id: id(M.platform),
    duration_id: id(M.duration),
    grade_id: optionalId,
    level_id: optionalId,
    round_id: id(M.round),
    exam_type_id: id(M.type),
    skill_ids: z.array(z.preprocess(digits, z.number().int().min(1)), { error: M.skill }).min(1, { error: M.skill }).max(20),
    start_date_time: wallTime(M.start),
    end_date_time: wallTime(M.end),
    min_mark: mark(M.minMark),
    max_mark: mark(M.maxMark),
    pass_mark: mark(M.passMark),
    questions_per_page: z.preprocess(digits, z.number({ error: M.perPage }).int({ error: M.perPage }).min(0, { error: M.perPage }).max(200)),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
    ...Object.fromEntries(EXAM_READ_ONLY_KEYS.map((k) => [k, z.unknown().optional()])),
  })
  .superRefine((exam, ctx) => {
    const start = parseWallTime(String(exam.start_date_time), 'UTC');
    const end = parseWallTime(String(exam.end_date_time), 'UTC');
    if (start && end && end <= start) ctx.addIssue({ code: 'custom', message: M.endAfterStart, path: ['end_date_time'] });
    const { min_mark: min, max_mark: max, pass_mark: pass } = exam as { min_mark: number; max_mark: number; pass_mark: number };
    if (pass < min || pass > max || min > max) ctx.addIssue({ code: 'custom', message: M.passBetween, path: ['pass_mark'] });
  });

export type ExamForm = z.output<typeof examFormSchema>;

/** Grade is required on IRA platforms and level on ISA; the other is cleared. */
export function checkExamPlatformFields(exam: { grade_id?: number | null; level_id?: number | null }, identifier: PlatformIdentifier): Record<string, string[]> {
  if (identifier === 'IRA') {
    exam.level_id = null;
    return exam.grade_id ? {} : { grade_id: [M.grade] };
  }
  exam.grade_id = null;
  return exam.level_id ? {} : { level_id: [M.level] };
}
