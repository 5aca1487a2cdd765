import type { Db } from '../../db/client';
import type { LineRow } from './equipment.repository';

/*
 * The seam to the stock module (issue #12 / #13): "issue from stock" on a processed line. Until
 * the stock module registers its issue operation, processing records the keeper's decision per
 * line (the issue allows that) and nothing moves; once registered, each `issue` line calls it in
 * the same transaction and its answer (operation id, assigned inventory numbers) is written to
 * the line's history details.
 */

/** What the stock module's issue answers for one line (stored in the history row). */
export interface StockIssueResult {
  operationId: number;
  inventoryNumbers: string[];
}

/** The stock module's issue of one request line (inside the processing transaction; throw an AppError to refuse, e.g. 422 out of stock). */
export type StockIssuer = (tx: Db, input: { requestId: number; line: LineRow; actorId: number; at: Date }) => Promise<StockIssueResult>;

let issuer: StockIssuer | null = null;

/** The stock module registers its issue here (replaces any earlier one; null removes it). */
export function registerStockIssuer(fn: StockIssuer | null): void {
  issuer = fn;
}

/** Issues the line through the registered stock issue; null (only the decision is recorded) while none is registered. */
export async function issueFromStock(tx: Db, input: { requestId: number; line: LineRow; actorId: number; at: Date }): Promise<StockIssueResult | null> {
  return issuer ? issuer(tx, input) : null;
}
