import { z } from 'zod';
import { QM } from '../../../schemas/parts/question-messages';
import { QUESTION_LIMITS } from '../../../schemas/parts/question-limits';

const hasTwoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A mark: a number from 0 to 100 with at most two decimals. Missing, null or not a number: "Mark is required". */
export const markValue = z
  .number({ error: QM.markRequired })
  .min(0, { error: QM.markInvalid })
  .max(QUESTION_LIMITS.mark, { error: QM.markInvalid })
  .refine(hasTwoDecimalsAtMost, { error: QM.markInvalid });
