import { describe, expect, it } from 'vitest';
import { fieldValidator } from '../../src/common/resource-validation';
import { fieldErrorsFromIssues } from '../../src/server/http/validation-errors';
import { isMessageKey } from '../../src/server/http/i18n';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { invalidValues, isArabicCatalogMessage } from '../helpers/invalid-values';

const registry = await loadSchemaRegistry();
const fields = registry
  .all()
  .flatMap((definition) =>
    Object.entries(definition.fields).map(([name, field]) => [`${definition.name}.${name}`, field] as const),
  )
  .filter(([, field]) => !field.managed && field.type !== 'answer');

/**
 * Every rule a declaration can state names its message (a catalog key): whoever shows the issue
 * (the server's 422, the console's form) reads it in the reader's language, never zod's English.
 */
describe('the messages of declared rules', () => {
  it.each(fields)('%s: every refusal is a catalog key, and reads in Arabic', (_name, field) => {
    const validator = fieldValidator(field);
    for (const [label, value] of invalidValues(field)) {
      const parsed = validator.safeParse(value);
      expect(parsed.success, label).toBe(false);
      for (const issue of parsed.error!.issues)
        expect(isMessageKey(issue.message), `${label}: ${issue.message}`).toBe(true);
      const shown = Object.values(fieldErrorsFromIssues(parsed.error!.issues, 'ar')).flat();
      for (const message of shown) expect(isArabicCatalogMessage(message), `${label}: ${message}`).toBe(true);
    }
  });
});
