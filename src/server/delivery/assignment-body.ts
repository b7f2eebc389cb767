import { z } from 'zod';
import { parseWallTime } from '../../common/datetime';
import { idValue } from '../../common/ids';

const wallTime = z.string({ error: 'validation.required' }).max(19);
const ids = z.array(idValue()).max(5000).default([]);

/** The body of assign and reassign (SPEC section 7): who, when, and how the exam is shown. */
export const assignmentBody = z.strictObject({
  school_ids: ids,
  student_ids: ids,
  start_date_time: wallTime,
  end_date_time: wallTime,
  show_answers: z.boolean().default(false),
  shuffle_choices: z.boolean().default(false),
  shuffle_questions: z.boolean().default(false),
  exam_localization_id: idValue().nullable().default(null),
  /**
   * When the results reach the students and school staff: `manual` when an author or admin releases
   * them, `after_close` once the window has closed (a practice test shows them at once either way).
   */
  release_results: z.enum(['manual', 'after_close']).default('manual'),
});
export type AssignmentBody = z.output<typeof assignmentBody>;

export interface AssignmentWindow {
  start: Date;
  end: Date;
}

/** The window as instants in the schools' time zone, with the field errors of a bad one. */
export function windowOf(
  body: AssignmentBody,
  timeZone: string,
): AssignmentWindow | { errors: Record<string, string[]> } {
  const start = parseWallTime(body.start_date_time, timeZone);
  const end = parseWallTime(body.end_date_time, timeZone);
  const errors: Record<string, string[]> = {};
  if (!start) errors.start_date_time = ['delivery.errors.invalid_date_time'];
  if (!end) errors.end_date_time = ['delivery.errors.invalid_date_time'];
  if (start && end && end <= start) errors.end_date_time = ['delivery.errors.window_order'];
  return start && end && Object.keys(errors).length === 0 ? { start, end } : { errors };
}
