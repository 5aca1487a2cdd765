import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/*
 * The three row calls every record module's repository had written for its main table (help desk
 * requests, equipment requests, contracts, vendor invoices): insert one row and get it back, read
 * one by id (locked for update inside a transaction), update one by id and get it back.
 */

/** A record table: a Drizzle PostgreSQL table with an integer `id` primary key. */
export type RecordTable = PgTable<TableConfig> & { id: PgColumn };

/** The row calls of one record table (see {@link recordRows}). */
export interface RecordRows<T extends RecordTable> {
  /** Inserts `row` in `tx` and answers it as stored (defaults filled). Throws when nothing came back. */
  insert(tx: Db, row: T['$inferInsert']): Promise<T['$inferSelect']>;
  /**
   * The row `id` (undefined when there is none, or when the table's `live` condition excludes it),
   * locked `FOR UPDATE` when `forUpdate` — inside the caller's transaction.
   */
  find(db: Db, id: number, forUpdate?: boolean): Promise<T['$inferSelect'] | undefined>;
  /** Sets `set` on row `id` in `tx` and answers the row after it. Throws when there is no such row. */
  update(tx: Db, id: number, set: Partial<T['$inferInsert']>): Promise<T['$inferSelect']>;
}

/**
 * The row calls of `table`; `label` names it in the errors thrown (a programming error: the
 * caller inserted or updated a row that then was not returned), `live` (optional) is a condition
 * every row `find` answers meets — e.g. "not deleted" for vendor invoices.
 */
export function recordRows<T extends RecordTable>(table: T, label: string, live?: SQL): RecordRows<T> {
  // Drizzle's builders are typed per concrete table; over a generic one their value types do not
  // resolve, so the calls go through this untyped view and the answers are typed by the interface.
  const t = table as unknown as PgTable<TableConfig> & { id: PgColumn };
  const byId = (id: number) => (live ? and(eq(t.id, id), live)! : eq(t.id, id));
  return {
    async insert(tx, row) {
      const [created] = (await tx.insert(t).values(row as never).returning()) as T['$inferSelect'][];
      if (!created) throw new Error(`${label}: insert returned nothing`);
      return created;
    },
    async find(db, id, forUpdate = false) {
      const query = db.select().from(t).where(byId(id));
      const [row] = (forUpdate ? await query.for('update') : await query) as T['$inferSelect'][];
      return row;
    },
    async update(tx, id, set) {
      const [row] = (await tx.update(t).set(set as never).where(eq(t.id, id)).returning()) as T['$inferSelect'][];
      if (!row) throw new Error(`${label}: update returned nothing`);
      return row;
    },
  };
}
