import { LRUCache } from 'lru-cache';
import { onRecordChange } from '../../hub/record-presence';
import type { AppDeps } from '../../types';

/** How long a computed list page is served again at most (ms): bounds how late the overdue marks and renamed people, components or groups may show. */
export const LIST_CACHE_TTL_MS = 5_000;
/** Most memory the cached pages may take (bytes, counted as 2 per character of their JSON). */
export const LIST_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A grid's answers, kept for a few seconds (bench/helpdesk: 50 staff on the same queues ask for
 * the same pages again and again). A page is the JSON text the database wrote (list-page.ts),
 * under a key naming everything it depends on (scope with the caller's id or groups where the
 * scope is personal, filters, sort, page, language).
 *
 * - {@link ListCache.invalidate} drops everything: {@link recordListCache} calls it on every change
 *   of the kind's records, on this instance at once and on the others through the hub's cluster
 *   (`onRecordChange`), so a change shows in the very next list call;
 * - a page computed while a change happened is not kept (it may predate the change);
 * - callers asking for a page that is being computed share that computation;
 * - entries live at most {@link LIST_CACHE_TTL_MS} and {@link LIST_CACHE_MAX_BYTES} in all.
 *
 * Who may see what is decided before the cache is asked (the scope is part of the key).
 */
export interface ListCache {
  /** The cached page of `key`, else what `compute` answers (kept if nothing changed meanwhile). */
  get(key: string, compute: () => Promise<string>): Promise<string>;
  /** Forgets every page (a record changed). */
  invalidate(): void;
}

/** A {@link ListCache}; the options are for tests (`clock.now()` in ms, default `performance`). */
export function createListCache(options: { ttlMs?: number; maxBytes?: number; clock?: { now(): number } } = {}): ListCache {
  let generation = 0;
  const pages = new LRUCache<string, string>({
    ttl: options.ttlMs ?? LIST_CACHE_TTL_MS,
    // Checked on every read (no 1 ms resolution shortcut): a test clock moves by hand.
    ttlResolution: 0,
    maxSize: options.maxBytes ?? LIST_CACHE_MAX_BYTES,
    sizeCalculation: (json) => Math.max(1, json.length * 2),
    ...(options.clock ? { perf: options.clock } : {}),
  });
  const computing = new Map<string, Promise<string>>();
  return {
    get(key, compute) {
      const hit = pages.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const shared = computing.get(key);
      if (shared) return shared;
      const started = generation;
      const page = compute()
        .then((json) => {
          if (generation === started) pages.set(key, json);
          return json;
        })
        .finally(() => {
          if (computing.get(key) === page) computing.delete(key);
        });
      computing.set(key, page);
      return page;
    },
    invalidate() {
      generation += 1;
      pages.clear();
      computing.clear();
    },
  };
}

/**
 * The list cache of record kind `kind` (contracts RECORD_KINDS) for a module's grid: pages kept
 * `ttlMs` (0 = no cache: `cache` undefined), dropped on every change of a record of that kind
 * (publishRecordChange, here or on another instance). Call `stop` when the app closes.
 */
export function recordListCache(deps: AppDeps, kind: string, ttlMs: number): { cache: ListCache | undefined; stop: () => void } {
  const cache = ttlMs > 0 ? createListCache({ ttlMs }) : undefined;
  const stop = onRecordChange(deps, (changed) => {
    if (changed === kind) cache?.invalidate();
  });
  return { cache, stop };
}
