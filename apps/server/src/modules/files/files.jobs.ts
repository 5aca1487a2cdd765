import { executedRows } from '../../lib/lists/list-page';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { scheduleJob } from '../../lib/jobs';
import type { AppDeps } from '../../types';
import * as repo from './files.repository';
import { blobStore } from './files.service';

/** Uploads never attached to a record are removed after this many days (a form left open for a week). */
export const FILE_UNATTACHED_DAYS = 7;
/** The bytes of removed files are kept this many days after the last removal (to restore by hand, or audit). */
export const FILE_PURGE_AFTER_DAYS = 30;
/** A blob written or reused this recently (ms) is never deleted: an upload may be about to name it. */
export const BLOB_GRACE_MS = 60 * 60_000;
/** How often the purge runs (ms). */
export const FILE_PURGE_INTERVAL_MS = 6 * 60 * 60_000;
/** Advisory lock key of the purge (one instance at a time). */
const PURGE_LOCK = 727_277;
/** Storage keys handled per round. */
const PURGE_BATCH = 500;

interface JobLogger {
  info(obj: unknown, msg?: string): void;
}

/**
 * Housekeeping of uploaded files as of `now` (the gap left open in issue #5's files):
 * 1. uploads never attached to a record for {@link FILE_UNATTACHED_DAYS} days are marked
 *    removed (avatars excepted: a user's picture is not attached);
 * 2. blobs that no live row names any more, and whose last row was removed
 *    {@link FILE_PURGE_AFTER_DAYS} days ago, are deleted from DATA_DIR/files — unless written or
 *    reused within {@link BLOB_GRACE_MS} — and their rows get `purgedAt`. The rows stay, so the
 *    history of who uploaded and removed what is kept.
 *
 * With several instances on one PostgreSQL only the one holding the advisory lock works (the
 * others skip this round); they must share DATA_DIR/files for the blobs to be theirs too. Answers
 * what it did: `{ removed, purged }` (rows marked removed, blobs deleted); null when another
 * instance held the lock.
 */
export async function purgeFiles(deps: AppDeps, now = new Date(), log?: JobLogger): Promise<{ removed: number; purged: number } | null> {
  const day = 86_400_000;
  const store = blobStore(deps);
  return deps.db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as ok`);
    const rows = executedRows<{ ok: boolean }>(result);
    if (!rows[0]?.ok) return null;
    const removed = await repo.removeUnattachedBefore(tx, new Date(now.getTime() - FILE_UNATTACHED_DAYS * day), now);
    let purged = 0;
    for (;;) {
      const keys = await repo.keysRemovedBefore(tx, new Date(now.getTime() - FILE_PURGE_AFTER_DAYS * day), PURGE_BATCH);
      const gone: string[] = [];
      for (const key of keys) {
        const outcome = await store.removeUntouched(key, BLOB_GRACE_MS);
        if (outcome === 'removed') purged += 1;
        if (outcome !== 'recent') gone.push(key);
      }
      await repo.markPurged(tx, gone, now);
      // A full batch may have more behind it, unless nothing could be done with it.
      if (keys.length < PURGE_BATCH || gone.length === 0) break;
    }
    if (removed + purged > 0) log?.info({ removed, purged }, 'files: purged');
    return { removed, purged };
  });
}

/** Runs {@link purgeFiles} every {@link FILE_PURGE_INTERVAL_MS} while the app is up (lib/jobs scheduleJob). */
export function scheduleFileJobs(app: FastifyInstance, intervalMs = FILE_PURGE_INTERVAL_MS): void {
  scheduleJob(app, 'files: purge', () => purgeFiles(app.deps, new Date(), app.log), intervalMs);
}
