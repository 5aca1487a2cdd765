import { LRUCache } from 'lru-cache';
import { onRecordChange } from '../../hub/record-presence';
import type { AppDeps } from '../../types';

/** How long a computed list page is served again at most (ms): bounds how late the overdue marks and renamed people, components or groups may show. */
export const LIST_CACHE_TTL_MS = 5_000;
/** Most memory the cached pages may take (bytes: 2 per character of a JSON text, 1 per byte of a UTF-8 page). */
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
 * - a page is fresh for {@link LIST_CACHE_TTL_MS}; in the next TTL it is still answered once
 *   stale while one caller's computation refreshes it in the background (stale-while-revalidate:
 *   the callers arriving as a busy page expires do not all wait for the database — issue #12's
 *   p99 tail); past twice the TTL it is gone. A change never serves stale: it drops the pages;
 * - {@link LIST_CACHE_MAX_BYTES} in all.
 *
 * Who may see what is decided before the cache is asked (the scope is part of the key).
 */
export interface ListCache<Page = string> {
  /** The cached page of `key`, else what `compute` answers (kept if nothing changed meanwhile). */
  get(key: string, compute: () => Promise<Page>): Promise<Page>;
  /** Forgets every page (a record changed). */
  invalidate(): void;
}

/** Options of {@link createListCache}: `clock` is for tests (`clock.now()` in ms, default `performance`). */
export interface ListCacheOptions<Page> {
  ttlMs?: number;
  maxBytes?: number;
  /**
   * The memory a kept value takes (bytes; at least 1). Needed for values other than texts and
   * Buffers (their size is known: 2 bytes a character, 1 a byte); an estimate is enough.
   */
  sizeOf?: (page: Page) => number;
  clock?: { now(): number };
}

/** The bytes of a JSON text (2 a character) or a Buffer; values of other kinds need `sizeOf`. */
function textSize(page: unknown): number {
  if (typeof page === 'string') return page.length * 2;
  if (Buffer.isBuffer(page)) return page.length;
  throw new TypeError('createListCache: give sizeOf for values that are neither texts nor Buffers');
}

/**
 * A {@link ListCache} of JSON texts, or of `Buffer`s (the text in UTF-8, encoded once: Node writes
 * a Buffer to the socket at a fraction of the cost of a long string — bench/stock), or of any
 * value with its `sizeOf` (documents: what a viewer may read, worked out from the folder tree).
 */
export function createListCache<Page = string>(options: ListCacheOptions<Page> = {}): ListCache<Page> {
  const sizeOf = options.sizeOf ?? textSize;
  const ttlMs = options.ttlMs ?? LIST_CACHE_TTL_MS;
  const clock = options.clock ?? performance;
  let generation = 0;
  /** A page and when it was computed (clock ms). */
  type Entry = { page: Page; at: number };
  const pages = new LRUCache<string, Entry>({
    // Fresh for one TTL, served stale (while refreshed) during the next, then gone.
    ttl: ttlMs * 2,
    // Checked on every read (no 1 ms resolution shortcut): a test clock moves by hand.
    ttlResolution: 0,
    maxSize: options.maxBytes ?? LIST_CACHE_MAX_BYTES,
    sizeCalculation: ({ page }) => Math.max(1, sizeOf(page)),
    perf: clock,
  });
  const computing = new Map<string, Promise<Page>>();

  /** Computes `key`'s page once (callers meanwhile share it); kept unless a change overtook it. */
  function refresh(key: string, compute: () => Promise<Page>): Promise<Page> {
    const shared = computing.get(key);
    if (shared) return shared;
    const started = generation;
    const at = clock.now();
    const page = compute()
      .then((computed) => {
        if (generation === started) pages.set(key, { page: computed, at });
        return computed;
      })
      .finally(() => {
        if (computing.get(key) === page) computing.delete(key);
      });
    computing.set(key, page);
    return page;
  }

  return {
    get(key, compute) {
      const hit = pages.get(key);
      if (hit === undefined) return refresh(key, compute);
      if (clock.now() - hit.at >= ttlMs) {
        // Stale: answered this once more while it is computed again; a failed refresh drops it, so
        // the next caller computes (and sees the error) instead of getting the old page again.
        refresh(key, compute).catch(() => {
          if (pages.get(key) === hit) pages.delete(key);
        });
      }
      return Promise.resolve(hit.page);
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
 * `ttlMs` (0 = no cache: `cache` undefined), dropped on every change announced for that kind
 * (publishRecordChange, here or on another instance). `kind` may also be several kinds, when the
 * grid's pages show more than one (documents: the documents, their folders and permissions, the
 * registry numbers), or a function answering which changed kinds drop the pages (my approvals:
 * every kind registered on the approval engine). Call `stop` when the app closes.
 */
export function recordListCache<Page = string>(
  deps: AppDeps,
  kind: string | readonly string[] | ((changed: string) => boolean),
  ttlMs: number,
  options: Pick<ListCacheOptions<Page>, 'sizeOf' | 'maxBytes'> = {},
): { cache: ListCache<Page> | undefined; stop: () => void } {
  const cache = ttlMs > 0 ? createListCache<Page>({ ttlMs, ...options }) : undefined;
  let drops: (changed: string) => boolean;
  if (typeof kind === 'function') drops = kind;
  else {
    const kinds = new Set<string>(typeof kind === 'string' ? [kind] : kind);
    drops = (changed) => kinds.has(changed);
  }
  const stop = onRecordChange(deps, (changed) => {
    if (drops(changed)) cache?.invalidate();
  });
  return { cache, stop };
}
