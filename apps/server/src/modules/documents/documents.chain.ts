import { eq } from 'drizzle-orm';
import { type DocumentDetail, type LanguageCode, type RouteDocumentInput, routeDocumentInput } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { approvalStatusOf, openApproval, sendNotices, submitInTx } from '../../lib/approvals/engine';
import { registerApprovalKind } from '../../lib/approvals/registry';
import * as access from '../../lib/access';
import { domainRule } from '../../lib/errors';
import { registerRecordAttachments } from '../../lib/records/attachments';
import type { AppDeps, AuthUser } from '../../types';
import { DOCUMENT_KIND } from './documents.kind';
import type { WarnLogger } from '../../lib/log';
import { announce, loadWithLevel, mayReadDocument } from './documents.access';
import { getDetail } from './documents.detail';

/*
 * Routing on the approval engine (issue #15, #41): the `document` approval kind (its chain is the
 * stored route), sending a document on a route, and a new round when an approved document changes.
 */

/** Registers the record rule of `documents.circulation*`, the file access of `document` uploads and the `document` approval kind (idempotent). */
export function registerDocumentKinds(): void {
  access.registerRecordRule('documents.circulation', async ({ deps, user, record }) =>
    (await mayReadDocument(deps, user, record.id))
      ? { allowed: true, rule: 'folderPermission', params: { documentId: record.id } }
      : { allowed: false, rule: 'notRecordParticipant', params: { documentId: record.id } },
  );
  // Versions are files attached to the document: whoever may read it downloads them; nobody
  // removes one (a version is history) — the document goes to the bin as a whole.
  registerRecordAttachments(DOCUMENT_KIND, { read: mayReadDocument, remove: async () => false });
  registerApprovalKind(DOCUMENT_KIND, {
    chain: async ({ recordId, db }) => {
      const [row] = await db.select({ route: documents.route }).from(documents).where(eq(documents.id, recordId));
      return (row?.route ?? []).map((step) => ({ users: step.userIds, mode: step.mode }));
    },
    mayView: mayReadDocument,
    onStatusChange: async (tx, change) => {
      const finished = change.to === 'APPROVED' || change.to === 'REJECTED';
      await tx
        .update(documents)
        .set({ status: change.to, updatedAt: change.at, ...(finished ? { finishedAt: change.at } : change.to === 'SUBMITTED' ? { finishedAt: null } : {}) })
        .where(eq(documents.id, change.recordId));
    },
    afterChange: async (deps, recordId) => announce(deps, recordId),
  });
}

/**
 * A document changed after its approval goes back to approval (issue #15; Nextcloud Approval keeps
 * it approved: nextcloud/approval#252): the engine's APPROVED → SUBMITTED → IN_APPROVAL, a new
 * round of the same route. Inside `tx`; answers the notices to send after the commit.
 */
export async function reapproveIfApproved(tx: Db, user: AuthUser, id: number, now: Date) {
  if ((await approvalStatusOf(tx, DOCUMENT_KIND, id)) !== 'APPROVED') return [];
  return submitInTx(tx, user, DOCUMENT_KIND, id, now, { changedAfterApproval: true });
}

/**
 * Sends document `id` on `route` for visa / approval (write on its folder): steps one after the
 * other (up to 10), each of named people (up to 20) of whom all, or any one, decide — the engine's
 * chain, step by step. The first time it opens the document's approval on the engine and submits
 * it; after a return (RETURNED) its author submits it again on the new route. While it is routed
 * its route's people read it (documents.access.ts). 422 `documentHasNoFile`; 422 `selfRouting`
 * (details.userIds) when a step names the caller or the document's author; the engine's 422
 * `invalidTransition` (already in routing, or finished), `noApprover` (a step names only inactive
 * people), 403 `notAuthor`.
 */
export async function routeDocument(deps: AppDeps, user: AuthUser, id: number, raw: RouteDocumentInput, lang: LanguageCode, now = new Date(), log?: WarnLogger): Promise<DocumentDetail> {
  const input = routeDocumentInput.parse(raw);
  const { row } = await loadWithLevel(deps, user, id, 'write');
  if (row.versionCount === 0) throw domainRule('documentHasNoFile', 'Add a file before sending the document for approval.', { documentId: id });
  // Never to oneself: the sender and the author neither give a visa nor approve their own document.
  const self = [...new Set([user.id, row.createdBy])].filter((uid) => input.steps.some((step) => step.userIds.includes(uid)));
  if (self.length) throw domainRule('selfRouting', 'A document cannot be routed to its sender or its author.', { userIds: self });
  const notices = await deps.db.transaction(async (tx) => {
    await tx.update(documents).set({ route: input.steps, updatedAt: now }).where(eq(documents.id, id));
    if ((await approvalStatusOf(tx, DOCUMENT_KIND, id)) === null) {
      await openApproval(tx, { recordKind: DOCUMENT_KIND, recordId: id, authorId: user.id, title: row.title, number: null, url: `/home/documents/circulation/${id}`, now });
    }
    return submitInTx(tx, user, DOCUMENT_KIND, id, now);
  });
  await sendNotices(deps, notices, log);
  await announce(deps, id, log);
  return getDetail(deps, user, id, lang);
}
