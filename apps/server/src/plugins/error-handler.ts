import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError, ValidationErrorDetails } from '@servicedesk/contracts';
import { AppError } from '../lib/errors';
import { localizedErrorMessage } from '../lib/error-text';

/**
 * The one error shape `{ message, code, details? }` (contracts errors.ts) for every failure:
 * 400 `validationError` with `details.issues` ({ path, message } per field; for a password the
 * message is the SPEC §5 flag: lowercase, uppercase, digit, minLength), AppError's own status and
 * code, Fastify's client errors (413, 415, malformed JSON 400) by their status, anything else 500.
 * `message` is in the caller's Accept-Language language (lib/error-text.ts: `errors.api.<code>`,
 * an admin's override first), falling back to the English text the code threw. A PostgreSQL
 * "data exception" (SQLSTATE class 22: a NUL byte, an integer out of range, an invalid text
 * representation — a value the input schemas should have refused) is 400 `invalidInput`, never a
 * 500 (issue #20).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const deps = app.hasDecorator('deps') ? app.deps : undefined;
    const say = (code: string, fallback: string, details?: unknown) => localizedErrorMessage(deps, request, code, fallback, details);
    // Refused before its body was read (an oversized upload): the connection closes after the
    // answer, so a client still sending cannot hold it open.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof AppError) {
      const body: ApiError = { message: await say(error.code, error.message, error.details), code: error.code };
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
      return reply.status(400).send({ message: await say('validationError', 'The request is not valid.'), code: 'validationError', details } satisfies ApiError);
    }
    const sqlState = databaseDataException(error);
    if (sqlState) {
      // Safety net (issue #20): the schemas should have refused the value already.
      request.log.warn({ err: error, sqlState }, 'the database refused a value from the request');
      return reply.status(400).send({ message: await say('invalidInput', 'A value in the request cannot be stored.'), code: 'invalidInput' } satisfies ApiError);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: 'Internal server error.', code: 'internalError' } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'rateLimited' : status === 413 ? 'payloadTooLarge' : status === 415 ? 'unsupportedMediaType' : 'badRequest';
      return reply.status(status).send({ message: await say(code, error.message), code } satisfies ApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: await say('internalError', 'Internal server error.'), code: 'internalError' } satisfies ApiError);
  });
}

/**
 * The SQLSTATE of a PostgreSQL data exception (class 22) behind `error` — as node-postgres or
 * PGlite report it, wrapped by Drizzle or not — or null for anything else.
 */
export function databaseDataException(error: unknown): string | null {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  for (const code of [e?.cause?.code, e?.code]) {
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
  }
  return null;
}

/**
 * Fastify's `frameworkErrors` (pass it to `Fastify({ frameworkErrors })`): the router's own
 * refusals — a path parameter over `maxParamLength` (100 characters; 414) and a malformed URL
 * (bad percent-encoding; 400) — answer the one error shape `{ message, code: 'badRequest' }`
 * too, instead of Fastify's `{ error, code: 'FST_ERR_…', message, statusCode }`. Found by the API
 * fuzz test (issue #19); regression cases in error-handler.test.ts.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const deps = reply.server.hasDecorator('deps') ? reply.server.deps : undefined;
  void localizedErrorMessage(deps, request, 'badRequest', 'The request is not valid.')
    .catch(() => 'The request is not valid.')
    .then((message) => reply.status(status).send({ message, code: 'badRequest' } satisfies ApiError));
};
