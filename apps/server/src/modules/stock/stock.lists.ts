import { onRecordChange, publishRecordChange } from '../../hub/record-presence';
import { createListCache, type ListCache } from '../../lib/lists/list-cache';
import { EncodedBody } from '../../lib/encoded-body';
import type { AppDeps } from '../../types';
import type { RecordKind } from '@servicedesk/contracts';
import { INVENTORY_RECORD_KIND } from './stock.kind';

/*
 * The stock grids' page cache (lib/lists/list-cache, as the help desk's and equipment's): at
 * 100,000 materials a page of 500 rows costs PostgreSQL 5–40 ms (bench/stock), and the keepers
 * ask for the same few pages again and again. Every change of what a grid shows drops every page,
 * on this instance at once and on the others through the hub (RecordChanged).
 */

/**
 * The record kind stock announces after each change its grids show — a posting or reversal, a
 * material, group or warehouse saved, an import applied, a count posted: `RecordChanged('stock',
 * id)` reaches every instance's listeners (nobody joins it; `id` is the changed row's, 0 when many).
 */
export const STOCK_CHANGE_KIND = 'stock';

/**
 * Kinds whose changes drop the pages: stock's own, inventories' (their actions and edits), and
 * those of the modules that post stock operations inside their own transaction and announce their
 * record's change once it commits — equipment requests (`issueFromStock(…, tx)`) and vendor
 * invoices (the warehouse check's receipt, finance.seams.ts). A module that starts posting that
 * way adds its kind here — by its name in the shared record kinds, so stock, which those modules
 * build on, imports nothing of theirs.
 */
const DROPPING_KINDS = new Set<string>([
  STOCK_CHANGE_KIND,
  INVENTORY_RECORD_KIND,
  'equipmentRequest' satisfies RecordKind,
  'vendorInvoice' satisfies RecordKind,
]);

/**
 * The stock grids' cache (pages kept `ttlMs`; 0 = none: `cache` undefined), of pages in UTF-8 with
 * their compressed forms (see {@link cachedPage}); call `stop` when the app closes.
 */
export function stockListCache(
  deps: AppDeps,
  ttlMs: number,
): { cache: ListCache<EncodedBody> | undefined; stop: () => void } {
  const cache = ttlMs > 0 ? createListCache<EncodedBody>({ ttlMs, sizeOf: (page) => page.size }) : undefined;
  const stop = onRecordChange(deps, (kind) => {
    if (DROPPING_KINDS.has(kind)) cache?.invalidate();
  });
  return { cache, stop };
}

/**
 * How the grids' pages are compressed: from their second use (a page asked once — a random
 * material's history — goes as it is; one asked again — a warehouse's levels — is compressed once,
 * and sent in a tenth of the bytes to every caller that accepts it).
 */
const PAGE_COMPRESSION = { fromUse: 2 } as const;

/**
 * One grid page from `cache` (or computed when there is none) as the JSON text in UTF-8 with its
 * compressed forms (lib/encoded-body.ts), to send with sendEncoded: `key` names everything the page
 * depends on — the grid, the validated query, the language, the caller when the grid is personal.
 * Bytes, not the string: Node wrote a 500-row page (~155 KB, non-ASCII names) to the socket at
 * ~4.3 ms of CPU as a string and ~0.85 ms as bytes, and less again compressed (bench/stock); a
 * cached page is encoded once, not on every call.
 */
export function cachedPage(
  cache: ListCache<EncodedBody> | undefined,
  key: unknown[],
  compute: () => Promise<string>,
): Promise<EncodedBody> {
  const page = async () => new EncodedBody(await compute(), PAGE_COMPRESSION);
  return cache ? cache.get(JSON.stringify(key), page) : page();
}

/** Tells every instance that stock changed (after the change committed): the grids' pages are dropped. */
export async function announceStockChange(deps: AppDeps, id = 0): Promise<void> {
  await publishRecordChange(deps, STOCK_CHANGE_KIND, id);
}
