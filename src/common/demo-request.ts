import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { emailField, LIMITS, requiredString } from './validation';

/** The landing page's Request a Demo form (SPEC section 5, Landing demo form), for both sides. */
export const demoRequestSchema = z.strictObject({
  first_name: requiredString('demo.first_name_required', LIMITS.shortText),
  last_name: requiredString('demo.last_name_required', LIMITS.shortText),
  institute: requiredString('demo.institute_required', LIMITS.text),
  email: emailField('demo.email_invalid', 'demo.email_invalid'),
  country: z
    .string({ error: 'demo.country_required' })
    .trim()
    .toUpperCase()
    .refine((code) => /^[A-Z]{2}$/.test(code) && countries.isValid(code), { error: 'demo.country_required' }),
});

export type DemoRequestInput = z.infer<typeof demoRequestSchema>;
