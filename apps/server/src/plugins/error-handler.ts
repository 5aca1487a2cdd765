import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError, ValidationErrorDetails } from '@servicedesk/contracts';
import { AppError } from '../lib/errors';

/**
 * The one error shape `{ message, code, details? }` (contracts errors.ts) for every failure:
 * 400 `validationError` with `details.issues` ({ path, message } per field; for a password the
 * message is the SPEC §5 flag: lowercase, uppercase, digit, minLength), AppError's own status and
 * code, Fastify's client errors (413, 415, malformed JSON 400) by their status, anything else 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = { message: error.message, code: error.code };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: ValidationErrorDetails = {
        location: error.validationContext ?? 'body',
        issues: error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: issue.message ?? 'invalid',
        })),
      };
      return reply.status(400).send({ message: 'The request is not valid.', code: 'validationError', details } satisfies ApiError);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: 'Internal server error.', code: 'internalError' } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'rateLimited' : status === 413 ? 'payloadTooLarge' : status === 415 ? 'unsupportedMediaType' : 'badRequest';
      return reply.status(status).send({ message: error.message, code } satisfies ApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error.', code: 'internalError' } satisfies ApiError);
  });
}
