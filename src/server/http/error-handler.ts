import { isDatabaseUnavailable } from '../db/unavailable';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { languageFromHeader } from '../../../locales/index';
import { AppError, ValidationIssues } from './app-error';
import { isMessageKey, translate } from './i18n';
import { fieldErrorsFromIssues, translateFieldErrors } from './validation-errors';
import { reportError } from './sentry';
import { formMessageOf } from './route-body';

/** Fastify's own client-error codes, mapped to our status and catalog key. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'errors.malformed_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'errors.malformed_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [400, 'errors.body_too_large'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'errors.body_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'errors.unsupported_media_type'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'errors.unsupported_media_type'],
};

function languageOf(request: FastifyRequest) {
  return request.lang ?? languageFromHeader(request.headers['accept-language']);
}

/**
 * Every failure leaves as `{message, errors?}` in the request's language. Expected failures keep
 * their status; anything else is our bug: logged with the request id, reported, and a generic 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = languageOf(request);

    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const params = typeof error.params === 'function' ? error.params(lang) : error.params;
      const body: Record<string, unknown> = { message: translate(lang, error.messageKey, params) };
      if (error.fieldErrors) body.errors = translateFieldErrors(error.fieldErrors, lang);
      if (error.data) body.data = error.data;
      return reply.status(error.statusCode).send(body);
    }

    if (error instanceof ValidationIssues) {
      return reply
        .status(422)
        .send({ message: translate(lang, error.messageKey), errors: fieldErrorsFromIssues([...error.issues], lang) });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // The route's own schema refused it: its issues, translated as a refusal of ours
      // (ValidationIssues) is.
      const issues = error.validation.map((v) => ({
        ...(v.params as object),
        code: v.keyword,
        message: v.message,
        path: v.instancePath.split('/').filter(Boolean),
      }));
      const errors = fieldErrorsFromIssues(issues, lang);
      // A query-string or path problem is a malformed request; a body problem is unprocessable content.
      const body = error.validationContext === 'body';
      const own = body ? formMessageOf(request.routeOptions.schema?.body, issues) : undefined;
      const message = own && isMessageKey(own) ? own : 'errors.invalid_input';
      return reply.status(body ? 422 : 400).send({ message: translate(lang, message), errors });
    }

    const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (mapped) {
      const [status, key] = mapped;
      return reply.status(status).send({ message: translate(lang, key), errors: { body: [translate(lang, key)] } });
    }

    if (error.statusCode === 429) {
      return reply.status(429).send({ message: translate(lang, 'errors.too_many_requests') });
    }

    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send({ message: translate(lang, 'errors.invalid_input') });
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: translate(lang, 'errors.service_unavailable') });
    }

    request.log.error({ err: error }, 'unhandled error');
    reportError(error, { requestId: request.id, url: request.routeOptions?.url });
    return reply.status(500).send({ message: translate(lang, 'errors.generic'), request_id: request.id });
  });
}
