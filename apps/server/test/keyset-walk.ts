import { expect } from 'vitest';

/** A keyset list's answer as the walk needs it (contracts listResponse). */
export interface KeysetAnswer {
  rows: { id: number }[];
  total: number;
  totalCapped: boolean;
  nextCursor?: string | null;
}

/**
 * The ids a keyset list answers page by page (issue #44): `page(after)` asks one page (`after`
 * undefined for the first, then the previous page's `nextCursor`) until a page comes back without
 * one. Every page before the last must be full (`take` rows) — the cursor is given only then — and
 * the walk stops after `maxPages` (a cursor that never ends is a failure, not a hang).
 */
export async function walkPages(page: (after: string | undefined) => Promise<KeysetAnswer>, take: number, maxPages = 500): Promise<number[]> {
  const ids: number[] = [];
  let after: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const answer = await page(after);
    ids.push(...answer.rows.map((row) => row.id));
    if (!answer.nextCursor) {
      expect(answer.rows.length, 'a page without a cursor is the last').toBeLessThanOrEqual(take);
      return ids;
    }
    expect(answer.rows, 'a page with a cursor is full').toHaveLength(take);
    after = answer.nextCursor;
  }
  throw new Error(`the walk did not end within ${maxPages} pages`);
}

/**
 * That the walk answered exactly `expected` — the rows the role may see in the list's order, read
 * straight from the table with the visibility rule written out: each visible row once, none it may
 * not see, in order. Failing, it names the rows seen twice, missed and foreign first.
 */
export function expectSameWalk(walked: readonly number[], expected: readonly number[], what: string): void {
  const seen = new Map<number, number>();
  for (const id of walked) seen.set(id, (seen.get(id) ?? 0) + 1);
  const wanted = new Set(expected);
  expect([...seen].filter(([, n]) => n > 1).map(([id]) => id), `${what}: rows answered twice`).toEqual([]);
  expect(expected.filter((id) => !seen.has(id)), `${what}: visible rows never answered`).toEqual([]);
  expect(walked.filter((id) => !wanted.has(id)), `${what}: rows the role may not see`).toEqual([]);
  expect(walked, `${what}: in the list's order`).toEqual(expected);
}
