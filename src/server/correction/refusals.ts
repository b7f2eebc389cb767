import { AppError } from '../http/app-error';

/** Correction's refusals: business rules are 418 (SPEC section 8), a stale save is a 409 conflict. */
export const correctionRefusal = {
  notSubmitted: () => new AppError(418, 'correction.errors.not_submitted'),
  mock: () => new AppError(418, 'correction.errors.mock'),
  noPlace: () => new AppError(418, 'correction.errors.no_place'),
  stale: () => new AppError(409, 'correction.errors.stale'),
  anonymousFilter: (field: string) =>
    new AppError(400, 'errors.invalid_input', undefined, { [field]: ['correction.errors.anonymous_filter'] }),
};
