import v8 from 'node:v8';

/**
 * How the server process asks V8 to size its heap (issue #17: the 1C import of 200,000 rows under
 * 300 MB of resident memory; issue #19: the server's idle memory).
 *
 * - `'small'` (the default): V8's `--heap-growing-percent=30`. After each full collection V8 lets
 *   the old generation grow by 1.3× what survived, instead of up to 4× for a process that allocates
 *   fast — and parsing a large upload allocates fast: left to its defaults, V8 let the garbage of
 *   the 1C import's rows pile up to three times the live heap before collecting (peaks 362–428 MB
 *   → 266–279 MB, same times). It is **not a cap**: a request that really needs a large heap (text
 *   extracted from a 50 MB PDF) still gets it, it is only collected sooner. (`--optimize-for-size`
 *   kept the heap as small but doubled the import's time: it also trades code speed for size.)
 *   Measured in apps/server/README.md "The 1C import at 200,000 rows".
 * - `'default'`: V8's own heuristics (`SERVER_HEAP=default`), for a machine with memory to spare
 *   that prefers fewer collections.
 *
 * Must run before the server starts its work (server.ts calls it first); it changes a process-wide
 * V8 flag that V8 reads each time it recomputes the heap's limits, so a call later still applies
 * to every collection after it.
 */
export type HeapMode = 'small' | 'default';

/** The old generation's growth after a full collection in the `'small'` mode, in percent of what survived. */
export const SMALL_HEAP_GROWING_PERCENT = 30;

/** Reads `SERVER_HEAP` (`small` | `default`; unset → `small`); anything else throws, naming the variable. */
export function heapModeFrom(env: NodeJS.ProcessEnv): HeapMode {
  const value = env.SERVER_HEAP?.trim() || 'small';
  if (value !== 'small' && value !== 'default') {
    throw new Error(`SERVER_HEAP must be "small" or "default", not "${value}"`);
  }
  return value;
}

/** Applies `mode` to this process's V8 (see {@link HeapMode}); `'default'` changes nothing. */
export function applyHeapMode(mode: HeapMode): void {
  if (mode === 'small') v8.setFlagsFromString(`--heap-growing-percent=${SMALL_HEAP_GROWING_PERCENT}`);
}
