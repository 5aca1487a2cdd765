import type { ApiError } from '@servicedesk/contracts';

/** Codes the client itself gives to failures that never reached a server answer it understands. */
export type ClientErrorCode =
  /** fetch rejected: offline, DNS, CORS, aborted connection (status 0). */
  | 'networkError'
  /** The server answered, but the body broke the contract schema (status = the HTTP status). */
  | 'invalidResponse'
  /** An error status whose body is not the `{message, code, details?}` shape (e.g. a proxy's HTML page). */
  | 'httpError';

/**
 * Every failed call rejects with this (SPEC §8): `status` is the HTTP status (0 for a network
 * failure), `code` the server's stable code (`invalidCredentials`, `rateLimited`,
 * `validationError`, …) or a {@link ClientErrorCode}, `message` the server's human-readable
 * (English) message, `details` e.g. the field issues of a 400, `body` the error as an
 * {@link ApiError}. Show users a translated text chosen by `code`, never `message`.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, body: ApiError, options?: { cause?: unknown }) {
    super(body.message, options);
    this.status = status;
    this.code = body.code;
    this.details = body.details;
  }

  /** The error in the server's JSON error shape. */
  get body(): ApiError {
    return {
      message: this.message,
      code: this.code,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

/** True when `error` is an {@link ApiRequestError}, optionally with the given status. */
export function isApiRequestError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status);
}
