import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { examLocalization } from '../../common/contracts/index';
import { sanitizeRichFields, sanitizeRichText } from '../questions';

/**
 * The bodies of a localized exam's routes (SPEC section 7, Localization), validated on the route.
 * Texts are sanitized before they are checked, so a text that was only markup reads as missing.
 */

/** Keys of an answer definition whose strings are rich text, and those whose strings are plain. */
const RICH = new Set(['text', 'passage', 'name', 'left', 'right']);
const PLAIN = new Set(['before', 'after']);

/** A rich text, sanitized, then checked by `then`. */
const richText = (then: z.ZodType<string, string>, error?: string) =>
  z
    .string(error ? { error } : undefined)
    .transform(sanitizeRichText)
    .pipe(then);

const countryList = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => countries.isValid(c), { error: 'exams.errors.country_invalid' }),
    { error: 'exams.errors.countries_required' },
  )
  .min(1, { error: 'exams.errors.countries_required' })
  .max(250, { error: 'validation.too_many' });

/** A question's translated texts: its own text and the texts of its answer definition, by exam question id. */
const questionTranslation = z.strictObject({
  text: richText(z.string().max(20_000, { error: 'validation.too_long' })).optional(),
  answer_key: z
    .unknown()
    .transform((key) => sanitizeRichFields(key, RICH, PLAIN))
    .optional(),
});

const translations = z
  .object({
    questions: z.record(z.string().regex(/^\d+$/), questionTranslation).default({}),
  })
  .default({ questions: {} });

/** What a client may send back from a localized exam it read: accepted and ignored. */
const readBack = examLocalization
  .pick({ id: true, exam_id: true, is_published: true, created_at: true, updated_at: true })
  .partial().shape;

/** `POST /api/exams/{id}/localizations` and `PUT /api/exam-localizations/{id}`. */
export const localizationBody = z.strictObject({
  name: richText(
    z.string().trim().min(1, { error: 'exams.validation.name_required' }).max(255, { error: 'validation.too_long' }),
    'exams.validation.name_required',
  ),
  countries: countryList,
  translations,
  ...readBack,
});
export type LocalizationInput = z.output<typeof localizationBody>;

/** `POST /api/exam-localization/{id}/countries`. */
export const countriesBody = z.strictObject({ countries: countryList });
