import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVALID_CHARACTERS, findUnsafeText, type ValidationErrorDetails } from '@servicedesk/contracts';
import { AppError } from '../lib/errors';

/**
 * 400 `validationError` for text refused by contracts `isSafeText` (NUL, lone surrogate; issue
 * #20), in the same shape the zod validation errors have: `details: { location, issues: [{ path,
 * message: 'invalidCharacters' }] }`, `location` = body | querystring | params | multipart.
 */
export function unsafeTextError(location: string, path: string): AppError {
  const details: ValidationErrorDetails = { location, issues: [{ path, message: INVALID_CHARACTERS }] };
  return new AppError(400, 'validationError', `"${path || location}" holds a NUL character or a lone surrogate.`, details);
}

/**
 * Input hygiene in one place (issue #20): before any route's schema runs, every string of the
 * request's params, query string and parsed body (keys included) is checked with contracts
 * `findUnsafeText`, and the first NUL or lone surrogate answers 400 naming the field.
 *
 * Why a root `preValidation` hook and not per-schema refinements or a wrapped validator
 * compiler: the hook sees every route — those registered later by any module, and those without
 * a body/query schema (which a validator compiler never sees) — and it runs once per request
 * whatever the schema library does. Multipart parts are not in `request.body`; the upload reader
 * checks file names and fields with the same function (modules/files). Register it before the
 * routes (buildApp does).
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [location, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnsafeText(value);
      if (path !== null) throw unsafeTextError(location, path);
    }
  });
}
