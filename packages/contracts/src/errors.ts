import { z } from 'zod';

/**
 * The one JSON error shape every failed `/api` call answers with (ARCHITECTURE.md "Server").
 * Status codes: 400 validation, 401 no/expired/invalid token, 403 permission, 404 not found,
 * 409 conflict, 413 too large, 415 wrong media type, 422 domain rule, 429 rate limit.
 * `message` is human-readable (English), `code` is stable and machine-readable
 * (e.g. `invalidCredentials`, `rateLimited`), `details` carries field errors for 400.
 */
export const apiError = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** A plain acknowledgement for calls whose only answer is success. */
export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;
