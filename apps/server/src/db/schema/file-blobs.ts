import { bigint, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Buffer (PGlite answers a Uint8Array: wrapped without a copy). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The PostgreSQL file store (FILE_STORE=postgres, lib/pg-blob-store.ts): one row per stored
 * blob, keyed like the folder store by the sha256 hex of its bytes; `touchedAt` is renewed when
 * an upload of the same content reuses it (the purge spares blobs touched lately).
 */
export const fileBlobs = pgTable('file_blobs', {
  key: text('key').primaryKey(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A blob's bytes in chunks of at most 256 KiB, `seq` 0, 1, 2… in order — written and read one
 * chunk at a time, so a 50 MB file never sits whole in memory. Chunks of an upload still being
 * received are kept under `tmp:<ms since epoch>:<uuid>` until it is committed under its key.
 */
export const fileBlobChunks = pgTable(
  'file_blob_chunks',
  {
    blobKey: text('blob_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobKey, t.seq] })],
);
