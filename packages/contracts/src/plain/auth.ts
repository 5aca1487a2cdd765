/*
 * The zod-free half of ../auth.ts, which re-exports all of it: client code that needs only these
 * does not load zod and the schemas with its first paint (issue #19). Never import zod or a schema
 * here (test/plain.test.ts).
 */

/** The answer of GET /api/auth/systemHasLdap (SPEC §6), as `systemHasLdapResponse` parses it. */
export interface SystemHasLdapAnswer {
  systemHasLdap: boolean;
}

/**
 * `systemHasLdapResponse.safeParse` without zod: the sign-in page asks this as it opens, and checking
 * the answer with the zod schema made the page load and evaluate zod and every auth schema inside
 * its first second (issue #19: ~40 ms of main-thread work at Lighthouse's mobile 4× CPU slowdown).
 * Same result as the schema (unknown keys dropped; a failure carries one issue), held to it by
 * test/plain.test.ts.
 */
export const systemHasLdapAnswer = {
  safeParse(value: unknown): { success: true; data: SystemHasLdapAnswer } | { success: false; error: { issues: readonly unknown[] } } {
    const answer = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { systemHasLdap?: unknown }).systemHasLdap : undefined;
    if (typeof answer === 'boolean') return { success: true, data: { systemHasLdap: answer } };
    return { success: false, error: { issues: [{ path: ['systemHasLdap'], message: 'Expected a boolean' }] } };
  },
};
