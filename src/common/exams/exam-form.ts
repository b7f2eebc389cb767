import exams from '../../../schemas/exams';
import type { PlatformIdentifier } from '../../../schemas/vocabulary';
import { parseWallTime } from '../datetime';
import { checkPlatformFields, recordValidator, type Rule } from '../resource-validation';

/** Messages of the exam form's rules that span fields (the per-field ones are in schemas/exams.ts). */
export const EXAM_RULE_MESSAGES = {
  endAfterStart: 'exams.validation.end_after_start',
  passBetween: 'exams.validation.pass_between',
  adaptiveLength: 'exams.validation.adaptive_max_below_min',
  adaptiveOneSkill: 'exams.validation.adaptive_one_skill',
  adaptiveOutcomes: 'exams.validation.adaptive_outcome_max_below_min',
  browserExamKey: 'exams.validation.seb_browser_exam_key',
} as const;

/** A Browser Exam Key as SEB shows it: SHA-256, 64 hexadecimal digits. */
export const BROWSER_EXAM_KEY = /^[0-9a-f]{64}$/i;

/** The exam's checks that span fields (SPEC section 5), named in its schema. */
export const EXAM_RULES: Record<string, Rule> = {
  /** The end comes after the start. */
  'exams.endAfterStart': (exam, ctx) => {
    const start = typeof exam.start_date_time === 'string' ? parseWallTime(exam.start_date_time, 'UTC') : null;
    const end = typeof exam.end_date_time === 'string' ? parseWallTime(exam.end_date_time, 'UTC') : null;
    if (start && end && end <= start)
      ctx.addIssue({ code: 'custom', message: EXAM_RULE_MESSAGES.endAfterStart, path: ['end_date_time'] });
  },
  /** The pass mark lies between the minimum and maximum marks. */
  'exams.passBetweenMarks': (exam, ctx) => {
    const [min, max, pass] = [exam.min_mark, exam.max_mark, exam.pass_mark];
    if (typeof min !== 'number' || typeof max !== 'number' || typeof pass !== 'number') return;
    if (pass < min || pass > max || min > max)
      ctx.addIssue({ code: 'custom', message: EXAM_RULE_MESSAGES.passBetween, path: ['pass_mark'] });
  },
  /**
   * An adaptive exam measures one skill (on its scale), with at most as many questions as at least,
   * overall and of each learning outcome.
   */
  'exams.adaptiveRules': (exam, ctx) => {
    if (exam.delivery_mode !== 'adaptive') return;
    if (Array.isArray(exam.skill_ids) && exam.skill_ids.length > 1)
      ctx.addIssue({ code: 'custom', message: EXAM_RULE_MESSAGES.adaptiveOneSkill, path: ['skill_ids'] });
    const [min, max] = [exam.adaptive_min_questions, exam.adaptive_max_questions];
    if (typeof min === 'number' && typeof max === 'number' && max < min)
      ctx.addIssue({ code: 'custom', message: EXAM_RULE_MESSAGES.adaptiveLength, path: ['adaptive_max_questions'] });
    const [fewest, most] = [exam.adaptive_outcome_min, exam.adaptive_outcome_max];
    if (typeof fewest === 'number' && typeof most === 'number' && most < fewest)
      ctx.addIssue({ code: 'custom', message: EXAM_RULE_MESSAGES.adaptiveOutcomes, path: ['adaptive_outcome_max'] });
  },
  /** Each Browser Exam Key is one as SEB shows it. */
  'exams.sebBrowserExamKeys': (exam, ctx) => {
    const keys = exam.seb_browser_exam_keys;
    if (Array.isArray(keys) && keys.some((key) => typeof key !== 'string' || !BROWSER_EXAM_KEY.test(key)))
      ctx.addIssue({ code: 'custom', message: EXAM_RULE_MESSAGES.browserExamKey, path: ['seb_browser_exam_keys'] });
  },
};

/**
 * The exam form (SPEC sections 3 and 5), for the server and the console: built from
 * schemas/exams.ts. Grade and level follow the platform: see `checkExamPlatformFields`.
 */
export const examFormSchema = recordValidator(exams, EXAM_RULES);

/** Grade is required on IRA platforms and level on ISA; the other is cleared. */
export function checkExamPlatformFields(
  exam: Record<string, unknown>,
  identifier: PlatformIdentifier,
): Record<string, string[]> {
  return checkPlatformFields(exams, identifier, exam);
}
