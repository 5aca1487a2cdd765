import { useEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * An element's inner width (`clientWidth`, px: without borders and a vertical scrollbar), following
 * resizes. Read in ResizeObserver callbacks only, which run after the browser's layout — never while
 * React commits, which forced a layout of the whole page (issue #19). `null` until the element has
 * been laid out with a width (inside a `display: none` parent it has none); `fallback` where
 * ResizeObserver does not exist (jsdom).
 *
 * @param ref the element to follow (read when the effect runs after mounting)
 * @param options.fallback the width without ResizeObserver (default null)
 * @param options.sync commit each new width at once (flushSync), before the frame is painted — for
 *   what would otherwise be shown one frame at a wrong place; default false (a normal update)
 */
export function useObservedWidth(
  ref: RefObject<HTMLElement | null>,
  { fallback = null, sync = false }: { fallback?: number | null; sync?: boolean } = {},
): number | null {
  const [width, setWidth] = useState<number | null>(() => (typeof ResizeObserver === 'undefined' ? fallback : null));
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => {
      const next = el.clientWidth;
      if (next <= 0) return;
      if (sync) flushSync(() => setWidth(next));
      else setWidth(next);
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return undefined;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, sync]);
  return width;
}
