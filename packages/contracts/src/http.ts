import { z } from 'zod';

/**
 * `details` of a 400 `validationError` (errors.ts): where the bad input was and one issue per
 * field. `path` is dotted (`newPassword`, `columns.0.key`); for a password the `message` is the
 * SPEC §5 flag it violates (`lowercase`, `uppercase`, `digit`, `minLength`), one issue per flag.
 */
export const validationErrorDetails = z.object({
  location: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ValidationErrorDetails = z.infer<typeof validationErrorDetails>;

/** GET /api/auth/checkResetToken/{token} path parameters. */
export const resetTokenParams = z.object({ token: z.string().min(1).max(200) });

/** GET /api/global/getSpecodesByKey/{key} path parameters (e.g. `priority`, `currency`). */
export const specodeKeyParams = z.object({ key: z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/) });
