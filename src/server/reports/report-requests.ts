import { z } from 'zod';
import { idParam, idValue } from '../../common/ids';
import { CORRECTION_STATUSES } from '../../common/correction/index';
import { REPORT_LANGUAGE_CHOICES, REPORT_LANGUAGES } from '../../common/reports/index';

/**
 * Bodies of the report calls. The spec sends some as form data (`correction_status_ids[]`,
 * `report_ids[]`, every value a string); the console sends JSON. Both arrive here as one shape:
 * a list under either name, its items numbers or strings of digits.
 */
const DIGITS = /^\d{1,10}$/;
const asList = (value: unknown) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);
const asId = (value: unknown) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value);
const idArray = (max: number, maxItems: number) =>
  z.preprocess(
    (value) => asList(value)?.map(asId),
    z.array(idValue().max(max, { error: 'validation.invalid' })).max(maxItems, { error: 'validation.invalid' }),
  );
const formId = z.preprocess(asId, idValue());

/** Takes `name[]` (form data) as `name`. */
const unbracket = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replace(/\[\]$/, ''), item]))
    : value;

/** Which schools or grades, by their correction status: at least one status (as the spec's form always sends). */
const statusIds = idArray(CORRECTION_STATUSES.length, CORRECTION_STATUSES.length).refine((ids) => ids.length > 0, {
  error: 'validation.required',
});
const language = z.enum(REPORT_LANGUAGE_CHOICES, { error: 'validation.invalid' }).default('both');

/** `POST /api/schools/reports`: the reports of the caller's schools (or one) whose correction status is listed. */
export const schoolReportsBody = z.preprocess(
  unbracket,
  z.strictObject({ correction_status_ids: statusIds, school_id: formId.optional(), language }),
);

/** `POST /api/grades/reports`: the reports of a school's grades (or one) whose correction status is listed. */
export const gradeReportsBody = z.preprocess(
  unbracket,
  z.strictObject({
    correction_status_ids: statusIds,
    school_id: formId,
    grade_id: formId.optional(),
    language,
  }),
);

/** `POST /api/schools/generate/exams/report` and `/api/schools/migrate/reports`: one school. */
export const schoolBody = z.preprocess(unbracket, z.strictObject({ school_id: formId, language: language.optional() }));

/** `POST /api/reports/download` (form: language, report_ids[]). */
export const downloadBody = z.preprocess(
  unbracket,
  z.strictObject({
    language: z.enum(REPORT_LANGUAGE_CHOICES, { error: 'validation.invalid' }),
    report_ids: idArray(2_147_483_647, 500).refine((ids) => ids.length > 0, { error: 'validation.required' }),
  }),
);

export const reportParams = z.object({ id: idParam() });
export const viewQuery = z.strictObject({ lang: z.enum(REPORT_LANGUAGES).default('en') });
