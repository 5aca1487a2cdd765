import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/** The row's key on its element (the virtualiser's item key, i.e. the table row's id; set by BodyRow). */
const ROW_KEY_ATTRIBUTE = 'data-key';

/**
 * The DataTable's row heights (px, border box) by row key, from ResizeObserver entries — instead of
 * tanstack-virtual's own element measuring.
 *
 * Why: tanstack maps an observed element to a row through the element's `data-index` and the
 * virtualiser's *current* options. The DataTable's row model is a deferred value, so React can be
 * half-way through rendering a new order (the virtualiser's options already hold the new count and
 * keys) when the observer delivers the entries of the rows last committed. tanstack then dropped an
 * entry whose index lay beyond the new count, or stored the height under another row's key; the row
 * kept its estimated height for good and the rows below it overlapped it (the Export story's
 * screenshot, 1 fresh-clone CI run in 4 after the rows stopped being read in the commit, issue #19).
 *
 * Here an entry is recorded under the element's own key ({@link ROW_KEY_ATTRIBUTE}). It reaches the
 * virtualiser at once when the element's index still names that key in the virtualiser; otherwise in
 * the layout effect after the next commit, where the rendered items and the DOM agree. No box is read
 * in the commit (no forced layout). Without ResizeObserver (jsdom) rows keep their estimated height.
 *
 * @param virtualizer the table's virtualiser (stable for the component's life)
 * @param items the virtual items this render shows
 * @returns the rows' ref callback (stable): observes the row while it is mounted
 */
export function useRowSizes(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  items: readonly VirtualItem[],
): (el: HTMLElement | null) => (() => void) | undefined {
  const sizes = useRef(new Map<string, number>());
  const observer = useRef<ResizeObserver | null>(null);

  const ref = useCallback(
    (el: HTMLElement | null) => {
      if (!el || typeof ResizeObserver === 'undefined') return undefined;
      // One observer for all rows, made as the first row mounts. One synchronous render for each
      // batch, before the frame is painted: rows are never shown at stale offsets (as with the
      // header's height, DataTable).
      observer.current ??= new ResizeObserver((entries) =>
        flushSync(() => {
          for (const entry of entries) {
            const target = entry.target as HTMLElement;
            const key = target.getAttribute(ROW_KEY_ATTRIBUTE);
            const size = Math.round(entry.borderBoxSize?.[0]?.blockSize ?? 0);
            // 0 px: not laid out (a hidden ancestor) — keep what is known.
            if (key === null || size <= 0 || !target.isConnected) continue;
            sizes.current.set(key, size);
            const index = Number(target.getAttribute('data-index'));
            const { count, getItemKey } = virtualizer.options;
            if (index >= 0 && index < count && String(getItemKey(index)) === key) {
              virtualizer.resizeItem(index, size);
            }
          }
        }),
      );
      const rowObserver = observer.current;
      rowObserver.observe(el, { box: 'border-box' });
      return () => rowObserver.unobserve(el);
    },
    [virtualizer],
  );

  // After every commit: heights recorded while the DOM and the virtualiser disagreed.
  useLayoutEffect(() => {
    for (const item of items) {
      const size = sizes.current.get(String(item.key));
      if (size !== undefined && size !== (virtualizer.itemSizeCache.get(item.key) ?? item.size)) {
        virtualizer.resizeItem(item.index, size);
      }
    }
  });

  // No disconnect on unmount: each row's ref cleanup unobserves it, leaving the observer empty.
  return ref;
}
