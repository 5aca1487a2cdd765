/** The `p`th percentile (0–100) of `values` (any order; not changed), nearest rank; NaN when empty. */
export function percentile(values: number[], p: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
}
