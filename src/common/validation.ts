import { z } from 'zod';

/**
 * Zod building blocks shared by the server and the console. Messages are catalog keys
 * (`validation.*`, `demo.*`); each side translates them into the user's language.
 */
export const LIMITS = { name: 255, email: 255, password: 128, shortText: 100, text: 200 } as const;

/**
 * The parameters a message of ours names, read from a zod issue: a built-in check's bound
 * (`minimum`, `maximum`) and a refinement's own (`decimals`), so that `validation.too_long` reads
 * "Must be 255 characters or fewer" wherever it is shown, by the server or in the console's form.
 */
export function issueArgs(issue: object): Record<string, string | number> {
  const { minimum, maximum, params } = issue as { minimum?: unknown; maximum?: unknown; params?: unknown };
  const args: Record<string, string | number> = {};
  if (minimum !== undefined) args.minimum = Number(minimum);
  if (maximum !== undefined) args.maximum = Number(maximum);
  for (const [name, value] of Object.entries(params && typeof params === 'object' ? params : {}))
    if (typeof value === 'string' || typeof value === 'number') args[name] = value;
  return args;
}

/**
 * An error map that names a missing or wrongly typed value with `key` and leaves every other
 * issue (too long, bad format) to its own message. A plain `{error: key}` would cover them all.
 */
export const whenMissing = (key: string) => (issue: { code?: string }) =>
  issue.code === 'invalid_type' ? key : undefined;

/** A trimmed, non-empty string: missing, empty and blank all give `key`. */
export function requiredString(key: string, max: number = LIMITS.name) {
  return z
    .string({ error: whenMissing(key) })
    .trim()
    .min(1, { error: key })
    .max(max, { error: 'validation.too_long' });
}

export function emailField(requiredKey: string, invalidKey: string) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(LIMITS.email, { error: 'validation.too_long' })
    .pipe(z.email({ error: invalidKey }));
}

/** At least 8 characters with a letter and a digit. */
export const newPassword = z
  .string({ error: 'validation.password_required' })
  .min(1, { error: 'validation.password_required' })
  .max(LIMITS.password, { error: 'validation.too_long' })
  .refine((value) => value.length >= 8 && /\p{L}/u.test(value) && /\p{N}/u.test(value), {
    error: 'validation.password_rules',
  });

const confirmation = z
  .string({ error: whenMissing('validation.required') })
  .max(LIMITS.password, { error: 'validation.too_long' });
const matches = (value: { password: string; password_confirmation: string }) =>
  value.password === value.password_confirmation;
const mismatch = { error: 'validation.password_mismatch', path: ['password_confirmation'] };

/** An administrator sets a user's password (SPEC section 7, Users). */
export const setPasswordSchema = z
  .strictObject({ password: newPassword, password_confirmation: confirmation })
  .refine(matches, mismatch);

/** A user changes their own password: the current one is checked on the server. */
export const changeOwnPasswordSchema = z
  .strictObject({
    current_password: z
      .string({ error: 'validation.current_password_required' })
      .min(1, { error: 'validation.current_password_required' })
      .max(LIMITS.password, { error: 'validation.too_long' }),
    password: newPassword,
    password_confirmation: confirmation,
  })
  .refine(matches, mismatch);
