import { isRecordKind, recordPath, type InboundMailListQuery, type InboundMailPage, type InboundMailStatusValue } from '@servicedesk/contracts';
import { inArray } from 'drizzle-orm';
import { INBOUND_MAIL_STATUSES, users } from '../../db/schema';
import type { AppDeps } from '../../types';
import * as repo from './inboundMail.repository';

/** The code a row's reason was written from (and its text's parameters), for the admin's own language: the saved code, else the reason's `code:` prefix. */
function reasonCodeOf(row: { reason: string | null; outcome: string | null; details: Record<string, unknown> | null }): { reasonCode: string | null; reasonParams: Record<string, string | number> } {
  const saved = typeof row.details?.code === 'string' ? row.details.code : null;
  const prefix = row.reason ? (/^([a-zA-Z]+):/.exec(row.reason)?.[1] ?? null) : null;
  const code = saved ?? prefix ?? (row.outcome === 'unreadable' && row.reason ? 'unreadable' : null);
  const params = row.details?.params && typeof row.details.params === 'object' ? (row.details.params as Record<string, string | number>) : {};
  return { reasonCode: code, reasonParams: params };
}

/**
 * A page of the messages read from the help-desk mailbox (GET /api/admin/inboundMail), newest
 * first, optionally of one status, with the count of every status and the mailbox's settings
 * (address and folders) when one is configured. Bodies are not shown: they stay in the mailbox
 * (Processed / Failed folder) and on the record.
 */
export async function listInboundMail(deps: AppDeps, query: InboundMailListQuery): Promise<InboundMailPage> {
  const { rows, total, byStatus } = await repo.listMessages(deps.db, query.status, query.page, query.pageSize);
  const counts = Object.fromEntries(INBOUND_MAIL_STATUSES.map((s) => [s, 0])) as Record<InboundMailStatusValue, number>;
  for (const r of byStatus) counts[r.status] = Number(r.n);
  const ids = [...new Set(rows.flatMap((r) => (r.userId !== null ? [r.userId] : [])))];
  const names = new Map(
    ids.length === 0 ? [] : (await deps.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]),
  );
  const config = deps.config.inboundMail;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      messageId: r.messageId,
      fromAddress: r.fromAddress,
      fromName: r.fromName,
      subject: r.subject,
      status: r.status,
      outcome: r.outcome,
      reason: r.reason,
      ...reasonCodeOf(r),
      user: r.userId !== null ? { id: r.userId, name: names.get(r.userId) ?? String(r.userId) } : null,
      record: r.recordKind && r.recordId !== null ? { kind: r.recordKind, id: r.recordId, url: isRecordKind(r.recordKind) ? recordPath(r.recordKind, r.recordId) : null } : null,
      folder: r.folder,
      sizeBytes: r.sizeBytes,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    })),
    total,
    counts,
    configured: config !== null,
    address: config?.address ?? null,
    folders: config ? { inbox: config.folder, processed: config.processedFolder, failed: config.failedFolder } : null,
  };
}
