import { describe, expect, it } from 'vitest';
import { blankExam, validateExam, type FieldMessage } from '../../src/client/exams/form/examValues';
import { translate } from '../../src/server/http/i18n';
import type { Language } from '../../locales/index';

/**
 * The exam form checks with the server's own schema; a message that names a bound ("Must be 255
 * characters or fewer", "At most 20 entries") must carry it, or the console shows "%{maximum}"
 * (issue 38: every declared rule names a catalog key, and the console translates it with its args).
 */
const shown = (message: FieldMessage | undefined, language: Language) =>
  message === undefined
    ? undefined
    : typeof message === 'string'
      ? translate(language, message)
      : translate(language, message.message, message.args);

describe("the exam form's messages", () => {
  const values = {
    ...blankExam(1),
    name_en: 'x'.repeat(300),
    tags: Array.from({ length: 25 }, (_, i) => `tag ${i}`),
  };
  const errors = validateExam(values, 'IRA');

  it('carry the bound they name, and read whole in both languages', () => {
    expect(errors.name_en).toEqual({ message: 'validation.too_long', args: { maximum: 255 } });
    expect(errors.tags).toEqual({ message: 'validation.too_many', args: { maximum: 20 } });
    expect(shown(errors.name_en, 'en')).toBe('Must be 255 characters or fewer');
    expect(shown(errors.tags, 'en')).toBe('At most 20 entries');
    for (const message of Object.values(errors))
      for (const language of ['en', 'ar'] as const) expect(shown(message, language)).not.toMatch(/%\{|^validation\./);
    expect(shown(errors.name_en, 'ar')).toMatch(/255|٢٥٥/);
  });
});
