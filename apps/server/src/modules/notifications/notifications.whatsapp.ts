import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { WhatsAppStatus } from '../../lib/whatsapp/client';

const RANK: Record<WhatsAppStatus['status'], number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/** What a WhatsApp row's `payload.delivery` holds after status callbacks. */
export interface WhatsAppDelivery {
  status: WhatsAppStatus['status'];
  /** ISO instant WhatsApp reported. */
  at: string | null;
  error?: string | null;
}

/**
 * Applies webhook statuses to the WhatsApp outbox rows whose `message_id` is the status's wamid
 * (issue #38): `payload.delivery` = { status, at } moves forward only (sent → delivered → read;
 * a late `delivered` after `read` is ignored); `failed` also marks the row failed with the
 * errors in `last_error`. Unknown wamids are skipped. Answers how many rows changed.
 */
export async function applyWhatsAppStatuses(db: Db, statuses: readonly WhatsAppStatus[]): Promise<number> {
  let changed = 0;
  for (const s of statuses) {
    const [row] = await db
      .select({ id: outbox.id, payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.messageId, s.id)));
    if (!row) continue;
    const payload = (row.payload ?? {}) as Record<string, unknown> & { delivery?: WhatsAppDelivery };
    if (payload.delivery && RANK[payload.delivery.status] >= RANK[s.status]) continue;
    const delivery: WhatsAppDelivery = { status: s.status, at: s.at?.toISOString() ?? null, ...(s.status === 'failed' ? { error: s.error } : {}) };
    await db
      .update(outbox)
      .set({
        payload: { ...payload, delivery },
        ...(s.status === 'failed' ? { status: 'failed' as const, lastError: `WhatsApp: ${s.error ?? 'failed'}` } : {}),
      })
      .where(eq(outbox.id, row.id));
    changed += 1;
  }
  return changed;
}

/** Whether `given` equals `expected`, in constant time for equal lengths. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
