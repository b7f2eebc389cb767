import { AppError } from '../http/app-error';

/** Delivery's business-rule refusals (SPEC section 8: 418 with a message). */
export const deliveryRefusal = {
  assignUnpublished: () => new AppError(418, 'delivery.errors.assign_unpublished'),
  notOpenYet: () => new AppError(418, 'delivery.errors.not_open_yet'),
  closed: () => new AppError(418, 'delivery.errors.closed'),
  unavailable: () => new AppError(418, 'delivery.errors.unavailable'),
  alreadySubmitted: () => new AppError(418, 'delivery.errors.already_submitted'),
  deadlinePassed: () => new AppError(418, 'delivery.errors.deadline_passed'),
  attemptReplaced: () => new AppError(418, 'delivery.errors.attempt_replaced'),
  notStarted: () => new AppError(418, 'delivery.errors.not_started'),
  replayLimit: () => new AppError(418, 'delivery.errors.replay_limit'),
  notAdaptive: () => new AppError(418, 'delivery.errors.not_adaptive'),
  adaptiveFinished: () => new AppError(418, 'delivery.errors.adaptive_finished'),
  notAStudent: () => new AppError(403, 'delivery.errors.not_a_student'),
};
