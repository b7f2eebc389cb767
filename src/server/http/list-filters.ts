import { z } from 'zod';
import { MAX_ID } from '../../common/ids';

/** A comma list of ids in a list's query (`filter[exam_status_id]=1,3`), each from 1 to `max`, at most `count` of them. */
export const idListFilter = (max = MAX_ID, count = 100) =>
  z
    .string()
    .max(count * 12)
    .regex(new RegExp(`^\\s*\\d{1,10}\\s*(,\\s*\\d{1,10}\\s*){0,${count - 1}}$`), { error: 'validation.invalid' })
    .transform((text) => text.split(',').map((item) => Number(item.trim())))
    .refine((ids) => ids.every((id) => id >= 1 && id <= max), { error: 'validation.invalid' })
    .optional();

/** A comma list of short codes (`filter[nationality]=AE,SA`, `filter[gender]=female`), each matching `pattern`. */
export const codeListFilter = (pattern: RegExp, count = 100) =>
  z
    .string()
    .max(count * 12)
    .transform((text) => text.split(',').map((item) => item.trim()))
    .refine((codes) => codes.length <= count && codes.every((code) => pattern.test(code)), {
      error: 'validation.invalid',
    })
    .optional();
