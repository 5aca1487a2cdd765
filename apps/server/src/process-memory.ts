import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * How the server process asks V8 to size its heap (issue #17: the 1C import of 200,000 rows under
 * 300 MB of resident memory; issue #13: the stock screens' p99 at 50 clients; issue #19: the
 * server's idle memory).
 *
 * - `'small'` (the default): V8's `--heap-growing-percent=30` **while heavy work runs**
 *   ({@link withSmallHeap}: an import, text extracted from an upload), V8's own heuristics
 *   otherwise. With 30 % the old generation grows by 1.3× what survived a full collection instead
 *   of up to 4× for a process that allocates fast — and parsing a large upload allocates fast: left
 *   to its defaults, V8 let the garbage of the 1C import's rows pile up to three times the live heap
 *   before collecting (peaks 362–428 MB → 266–279 MB, same times). It is **not a cap**: work that
 *   really needs a large heap still gets it, it is only collected sooner. Only while heavy work
 *   runs, because serving many small calls with it costs their tail: bench/stock at 50 clients ran
 *   27 full collections in 25 s instead of 7 (each pausing every call in flight 7–18 ms), p99
 *   5–20 ms worse in each of 8 paired runs, for ~20 MB less heap (apps/server/README.md).
 *   (`--optimize-for-size` kept the heap as small but doubled the import's time.)
 * - `'default'`: V8's own heuristics always (`SERVER_HEAP=default`), for a machine with memory to
 *   spare that prefers fewer collections during imports too.
 *
 * The flag is process-wide and V8 reads it each time it recomputes the heap's limits (after a full
 * collection), so switching it while the process runs applies from the next collection on.
 */
export type HeapMode = 'small' | 'default';

/** The old generation's growth after a full collection while heavy work runs in the `'small'` mode, in percent of what survived. */
export const SMALL_HEAP_GROWING_PERCENT = 30;

/** Reads `SERVER_HEAP` (`small` | `default`; unset → `small`); anything else throws, naming the variable. */
export function heapModeFrom(env: NodeJS.ProcessEnv): HeapMode {
  const value = env.SERVER_HEAP?.trim() || 'small';
  if (value !== 'small' && value !== 'default') {
    throw new Error(`SERVER_HEAP must be "small" or "default", not "${value}"`);
  }
  return value;
}

let mode: HeapMode = 'default';
/** Heavy work running now ({@link withSmallHeap}). */
let heavy = 0;
/** The growth percent set last (0 = V8's heuristics), so that the flag is only written when it changes. */
let growingPercent = 0;

/**
 * Sets V8's growth to what the mode and the running heavy work ask for (the small growth in the
 * `'small'` mode while work runs, else 0 = the heuristics). True when it changed.
 */
function syncGrowth(): boolean {
  const percent = mode === 'small' && heavy > 0 ? SMALL_HEAP_GROWING_PERCENT : 0;
  if (percent === growingPercent) return false;
  growingPercent = percent;
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  return true;
}

let collect: (() => void) | undefined;

/**
 * A full collection now, so that V8 recomputes the old generation's limit with the growth just set:
 * the limit left by the last collection under the heuristics could let an import's garbage pile up
 * first (the 1C preview right after start peaked at 314 MB without it). V8's `gc`, exposed once.
 */
function collectNow(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}

/** Applies `mode` to this process (see {@link HeapMode}); server.ts calls it first. */
export function applyHeapMode(next: HeapMode): void {
  mode = next;
  syncGrowth();
}

/**
 * Runs `work` (heavy work: an import, a file's text extracted) with the small heap's growth on in
 * the `'small'` mode — set with a full collection when the first such work starts (one pause of
 * ~10–30 ms for the calls in flight, so the new limit holds at once) — back to V8's heuristics when
 * the last such work running ends (however it ends). Nested and concurrent calls are counted.
 * Returns what `work` returns; rethrows what it throws.
 */
export async function withSmallHeap<T>(work: () => Promise<T>): Promise<T> {
  heavy++;
  if (syncGrowth()) collectNow();
  try {
    return await work();
  } finally {
    heavy--;
    syncGrowth();
  }
}

/** The growth percent now asked of V8 (0 = its own heuristics), for tests and the README's figures. */
export const heapGrowingPercent = (): number => growingPercent;

/**
 * One full collection once the server is ready, before it listens (issue #44: PGlite's idle
 * memory). What start-up left behind — above all the WebAssembly memory of PGlite's initdb on a
 * fresh data dir, a second instance of ~128–200 MB that nothing references after it ran, and the
 * migrations' and seed's garbage — is given back to the system now instead of whenever V8 next
 * collects under pressure. No call is in flight yet, so no one waits for this pause.
 */
export function collectAfterStart(): void {
  collectNow();
}
