import type { SKIP_REASONS } from '../../common/contracts/index';
import { AppError } from '../http/app-error';

/** Exam day's business-rule refusals (SPEC section 8: 418 with a message). */
export const examDayRefusal = {
  mock: () => new AppError(418, 'exam_day.errors.mock'),
  nothingApplies: (reason: SkipReason) => new AppError(418, `exam_day.errors.nothing.${reason}`),
};

/** Why an intervention left an assignment as it was. */
export type SkipReason = (typeof SKIP_REASONS)[number];
