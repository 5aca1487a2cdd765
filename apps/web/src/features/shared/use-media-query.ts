import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the CSS media `query` matches now, kept up to date (window.matchMedia's change events).
 * Used to leave out of the render what CSS hides at that width (issue #19: folded filter fields on
 * phones were rendered, hidden, on every list load). False where matchMedia is missing.
 * @param query a media query, e.g. 'screen and (max-width: 40rem)' — the same string the CSS uses
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
}
