/*
 * The zod-free half of ../global.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */

/**
 * POST /api/global/deactivateElement payload (SPEC §3 "Deactivate element", §7): soft-deactivates
 * the element of kind `type` (`user`, `position`, `location`, `group`; modules register more) with
 * a reason of at least 10 characters (SPEC §5 free-text prompt rule). Answers `{ ok: true }`;
 * 400 `unknownElementType`, 404, 403 when the caller may not deactivate that kind,
 * 422 `alreadyInactive`, 422 `cannotDeactivateSelf`.
 */
export const DEACTIVATION_REASON_MIN_LENGTH = 10;
