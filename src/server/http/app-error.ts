import type { Language } from '../../../locales/index';
import type { TranslateParams } from './i18n';

export type FieldErrors = Record<string, string[]>;

/**
 * An expected failure with an HTTP status and a catalog key; the error handler translates it
 * into the request's language. Field errors may hold keys too.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    /** Message parameters; a function when they depend on the language (a country's name). */
    readonly params?: TranslateParams | ((language: Language) => TranslateParams),
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** What the refusal carries for the screen beside its message (`{message, data}`). */
    readonly data?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, 'errors.unauthenticated');
export const forbidden = () => new AppError(403, 'errors.forbidden');
export const notFound = () => new AppError(404, 'errors.not_found');
export const invalid = (fieldErrors: FieldErrors) => new AppError(422, 'errors.invalid_input', undefined, fieldErrors);

/** One issue of a schema (zod's shape), with its parameters (`maximum`...). */
export type SchemaIssue = { code?: string; path?: PropertyKey[]; message?: string; [key: string]: unknown };

/** Issues of a schema (zod), translated with their parameters by the error handler: 422. */
export class ValidationIssues extends Error {
  constructor(
    readonly issues: readonly SchemaIssue[],
    readonly messageKey = 'errors.invalid_input',
  ) {
    super(messageKey);
    this.name = 'ValidationIssues';
  }
}
