import { z } from 'zod';

/** Ids are PostgreSQL `integer`s: 1 to 2^31 - 1. Anything else is refused before a query runs. */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a JSON body: a number, never a string or a boolean. `message` (a catalog key) names a
 * missing id; a value of another type is "the wrong type".
 */
export const idValue = (message = 'validation.required') =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? message : 'validation.invalid_type'),
    })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: 'validation.invalid' });

const DIGITS = /^[0-9]{1,10}$/;

/**
 * An integer in a path or query string (they are always text): plain digits only, so `1e3`,
 * ` 1`, `0x10` and `true` are refused, then bounded like any number.
 */
export const intParam = (min: number, max: number) =>
  z.string().regex(DIGITS).transform(Number).pipe(z.number().int().min(min).max(max));

/** An id in a path or query string. */
export const idParam = () => intParam(1, MAX_ID);

/** Whether a text holds an id (for comma-separated filter lists). */
export const isIdText = (text: string) => DIGITS.test(text) && Number(text) >= 1 && Number(text) <= MAX_ID;
