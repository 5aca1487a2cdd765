/** Query keys of the auth area (TkDodo's key factory): invalidate with `authKeys.all`. */
export const authKeys = {
  all: ['auth'] as const,
  systemHasLdap: () => [...authKeys.all, 'systemHasLdap'] as const,
  resetToken: (token: string) => [...authKeys.all, 'resetToken', token] as const,
  /** My open sessions (issue #20). */
  sessions: () => [...authKeys.all, 'sessions'] as const,
};
