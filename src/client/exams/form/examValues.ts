import exams from '../../../../schemas/exams';
import type { PlatformIdentifier } from '../../../../schemas/vocabulary';
import { blankRecord, formPayload, type FormValuesOf } from '../../../common/declarations';
import { checkExamPlatformFields, examFormSchema } from '../../../common/exams/exam-form';
import { issueArgs } from '../../../common/validation';

/** The form's values: the declaration's fields, any of them still empty. */
export type ExamFormValues = FormValuesOf<typeof exams>;

/** SPEC section 3's blank form, from the declaration's initial values. */
export const blankExam = (platformId: number): ExamFormValues => blankRecord(exams, platformId);

/** The request body: the form's fields, with `name` set from `name_en` (SPEC section 3). */
export const examPayload = (values: Partial<ExamFormValues>) => formPayload(exams, values);

/** SPEC section 4: an id that is empty or 0 means a new exam. */
export const isNewExam = (values: Partial<ExamFormValues>) => !Number(values.id);

/** A field's message as react-admin translates it: a catalog key, with the bound it names. */
export type FieldMessage = string | { message: string; args: Record<string, string | number> };

/**
 * Client validation with the server's own schema: one catalog key per field, shown under it, with
 * the bound it names ("Must be 255 characters or fewer"). Grade is required on IRA platforms and
 * level on ISA.
 */
export function validateExam(
  values: Partial<ExamFormValues>,
  identifier: PlatformIdentifier,
): Record<string, FieldMessage> {
  const payload = examPayload(values);
  const errors: Record<string, FieldMessage> = {};
  const parsed = examFormSchema.safeParse(payload);
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = { message: issue.message, args: issueArgs(issue) };
  }
  for (const [field, messages] of Object.entries(checkExamPlatformFields({ ...payload }, identifier))) {
    errors[field] ??= messages[0];
  }
  return errors;
}
