import type { Rule } from './resource-validation';

/**
 * A student number: letters, digits, dots, dashes and underscores, 1 to 40, starting with a letter
 * or a digit. It is the key imports match on and, in lower case, the student's username, so it
 * holds nothing a child could not type on a card.
 */
export const STUDENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/** `students.studentNumber`: the declaration's rule (schemas/students.ts), for the API's validator. */
export const STUDENT_RULES: Record<string, Rule> = {
  'students.studentNumber': (student, ctx) => {
    const number = student.student_number;
    if (typeof number === 'string' && number !== '' && !STUDENT_NUMBER.test(number))
      ctx.addIssue({ code: 'custom', message: 'roster.errors.student_number_format', path: ['student_number'] });
  },
  /** Extra time is given with its reason (issue 39): who reads the audit log learns why. */
  'students.accommodationReason': (student, ctx) => {
    const given = Number(student.extra_time_percent ?? 0) > 0 || Number(student.extra_time_minutes ?? 0) > 0;
    const reason = typeof student.extra_time_reason === 'string' ? student.extra_time_reason.trim() : '';
    if (given && reason === '')
      ctx.addIssue({
        code: 'custom',
        message: 'roster.errors.extra_time_reason_required',
        path: ['extra_time_reason'],
      });
  },
};
