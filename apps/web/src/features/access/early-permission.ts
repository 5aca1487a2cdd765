/**
 * The page-permission checks index.html's inline script starts with the page's files
 * (scripts/route-preload.mjs: POST /api/global/checkMenuPermission for the route's action keys,
 * with the stored session), so the route's loader does not ask one round trip after the app's
 * scripts have run (issue #19: the help-desk list's heading waited for it on a phone).
 */

/** The window property the inline script writes (scripts/route-preload.mjs `EARLY_PERMISSIONS`). */
export const EARLY_PERMISSIONS = '__sdEarlyPermissions';

/** How long after the page load an early answer still counts as this entry's check (ms). */
export const EARLY_PERMISSION_MAX_AGE_MS = 30_000;

/** One check the inline script started. */
interface EarlyPermission {
  /** The token it was sent with. */
  token: string;
  /** When it was started (epoch ms). */
  at: number;
  answer: Promise<Response>;
}

/**
 * Takes — once — the answer of the check the inline script started for `actionName`, when it was
 * sent with `token` (the session still stored) less than {@link EARLY_PERMISSION_MAX_AGE_MS} ago;
 * null when there is none. The promise gives whether the page is allowed, or null when the early
 * call failed or its answer is not a plain `{ hasPermission }` (then the loader asks itself, and the
 * api client handles a 401 or an error as it does for every call).
 */
export function takeEarlyPermission(actionName: string, token: string | null, now = Date.now()): Promise<boolean | null> | null {
  const started = (window as unknown as Record<string, Record<string, EarlyPermission> | undefined>)[EARLY_PERMISSIONS];
  const early = started?.[actionName];
  if (!started || !early) return null;
  delete started[actionName];
  if (early.token !== token || !(now - early.at < EARLY_PERMISSION_MAX_AGE_MS)) return null;
  return early.answer.then(
    async (response) => {
      if (!response.ok) return null;
      const body: unknown = await response.json();
      const allowed = typeof body === 'object' && body !== null ? (body as { hasPermission?: unknown }).hasPermission : undefined;
      return typeof allowed === 'boolean' ? allowed : null;
    },
    () => null,
  );
}
