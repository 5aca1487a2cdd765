import { HttpResponse } from 'msw';
import type { ApiError } from '@servicedesk/contracts';

/**
 * The MSW path of an /api call on any origin: `apiPath('/auth/login')` → '*\/api/auth/login'.
 * Works in the browser (Storybook, dev) and in Node (vitest) alike.
 */
export function apiPath(path: string): string {
  return `*/api${path}`;
}

/** A mocked failure in the server's one error shape `{message, code, details?}`. */
export function errorResponse(status: number, code: string, message: string, details?: unknown) {
  const body: ApiError = { message, code, ...(details === undefined ? {} : { details }) };
  return HttpResponse.json(body, { status });
}

/** A 400 `validationError` answer for a body that broke its input schema. */
export function validationErrorResponse(
  issues: readonly { path: PropertyKey[]; message: string }[],
) {
  return errorResponse(400, 'validationError', 'The request is not valid', {
    location: 'body',
    issues: issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  });
}
