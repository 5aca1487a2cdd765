/**
 * A failure the API answers with the shared error shape `{ message, code, details? }`
 * (contracts errors.ts). Throw it from services; the error handler sends it.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 401 with a stable code (`missingToken`, `tokenExpired`, `invalidToken`, …). */
export const unauthorized = (code: string, message: string) => new AppError(401, code, message);
/** 404 `notFound`. */
export const notFound = (message = 'Not found') => new AppError(404, 'notFound', message);
/** 422: the request was well-formed but a business rule refuses it. */
export const domainRule = (code: string, message: string, details?: unknown) => new AppError(422, code, message, details);
/**
 * 403 `forbidden`: the caller is signed in but may not do this. `details.rule` names the rule
 * that decided (lib/access.ts: `userTypeLacks`, `notRecordParticipant`, …), `details.params` its
 * parameters (e.g. `{ actionKey }`).
 */
export const forbidden = (rule: string, message = 'You do not have permission for this.', params?: Record<string, unknown>) =>
  new AppError(403, 'forbidden', message, params ? { rule, params } : { rule });
/** 409: the change collides with existing data (`emailTaken`, `nameTaken`, …). */
export const conflict = (code: string, message: string, details?: unknown) => new AppError(409, code, message, details);
/** 400 with a stable code, for a request the schema cannot refuse by itself (`unknownElementType`). */
export const badRequest = (code: string, message: string, details?: unknown) => new AppError(400, code, message, details);

/** True for a PostgreSQL unique violation (23505), as node-postgres and PGlite report it, wrapped by Drizzle or not. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Runs `work`; a unique violation inside it (two callers racing past the same pre-check) becomes
 * `toError()` (e.g. 409 `emailTaken`), anything else is rethrown.
 */
export async function uniqueOr<T>(work: () => Promise<T>, toError: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw toError();
    throw error;
  }
}
