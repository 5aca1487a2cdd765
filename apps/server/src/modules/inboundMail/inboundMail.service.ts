import { Readable } from 'node:stream';
import {
  HELPDESK_TEXT_MAX,
  HELPDESK_TITLE_MAX,
  RECORD_TEXT_MAX,
  UPLOAD_MAX_FILES,
  saveHelpdeskRequestInput,
  type LanguageCode,
} from '@servicedesk/contracts';
import { calendarDateOf } from '@servicedesk/i18n/format';
import { recordOfPath } from '../../lib/approvals/mail-tokens';
import { AppError } from '../../lib/errors';
import type { WarnLogger } from '../../lib/log';
import type { InboundMailConfig } from '../../lib/outbox/inbound-config';
import { addressOf } from '../../lib/outbox/config';
import { parseOutboxMessageId } from '../../lib/outbox/smtp';
import { fileTooLarge } from '../../lib/upload';
import { attachToRecord } from '../../lib/records/attachments';
import { addWatchers } from '../../lib/records/watchers';
import { SizeLimitError } from '../../lib/storage';
import { blobStore, storeUploads, type ReceivedFile } from '../files/files.service';
import { HELPDESK_RECORD_KIND, addComment, announceChange, saveRequest } from '../helpdesk/helpdesk.service';
import type { AppDeps, AuthUser } from '../../types';
import {
  cleanSubject,
  decisionTokensIn,
  loopReason,
  parseInbound,
  requestNumberIn,
  stripQuoted,
  type InboundAttachment,
  type InboundMessage,
} from './inboundMail.parse';
import * as repo from './inboundMail.repository';
import { decideByReply } from './inboundMail.decide';
import { SenderError, reasonOf } from './inboundMail.reasons';
import { queueReply, reasonText } from './inboundMail.replies';

/*
 * What becomes of one message read from the help-desk mailbox (issue #38), in this order:
 * 1. seen before (its Message-ID, or the hash of a message without one, is in inbound_mail) →
 *    nothing again; it goes where it went the first time;
 * 2. a loop (RFC 3834: a bounce, our own message, Auto-Submitted, Precedence bulk/junk/list, an
 *    auto-reply flag) → ignored: nothing created, nothing answered;
 * 3. from no active user → refused, answered with one polite refusal per address and day;
 * 4. carrying a decide-by-reply token → the step decided through the approval engine (the same
 *    checks as the page), else answered with what was understood and why nothing was decided;
 * 5. answering one of our mails (In-Reply-To/References → the outbox row → the record its
 *    notification named, or an earlier mailed request's Message-ID), or naming a request number
 *    in the subject → a comment on that help-desk request by the sender (quoted history cut), so
 *    reply-all never opens a second request;
 * 6. anything else → a new help-desk request by the sender, filed under INBOUND_COMPONENT, with
 *    the other staff in To/Cc as watchers.
 * Attachments pass the upload rules (files.service storeUploads: type list, content by magic
 * bytes, the per-user quota; UPLOAD_MAX_MB and UPLOAD_MAX_FILES in all). A refused one fails the
 * whole message: it is moved to the Failed folder, kept in inbound_mail with its reason (the
 * admin's Inbound mail tab), and the sender is told why.
 */

/** Where the mailbox reader moves a message: the Processed folder or the Failed one. */
export type InboundDestination = 'processed' | 'failed';

/** What {@link handleMessage} did with a message. */
export interface HandledMessage {
  /** inbound_mail.id (null only when the source could not be read at all and no row could be written). */
  id: number | null;
  destination: InboundDestination;
  status: repo.InboundRow['status'];
  outcome: string;
}

/** Writes what became of the message on its row (reason, sender, record, details) and answers where it goes. */
export type FinishMessage = (
  result: Omit<HandledMessage, 'id'> & { reason?: string | null; userId?: number | null; record?: { recordKind: string; recordId: number } | null; details?: Record<string, unknown> },
) => Promise<HandledMessage>;

/** What handling needs besides the message. */
export interface InboundContext {
  deps: AppDeps;
  config: InboundMailConfig;
  log?: WarnLogger;
  now?: () => Date;
}

const authUserOf = (user: { id: number; email: string; userTypeId: number }): AuthUser => ({ id: user.id, email: user.email, userTypeId: user.userTypeId });

/** Our own addresses: the sender (MAIL_FROM), the Reply-To and the help-desk mailbox. */
function ownAddresses(deps: AppDeps, config: InboundMailConfig): string[] {
  const mail = deps.config.mail;
  return [addressOf(mail.from), config.address, ...(mail.replyTo ? [addressOf(mail.replyTo)] : [])].map((a) => a.toLowerCase());
}

/**
 * Handles one message's source (RFC 5322 bytes; `sizeBytes` as the mailbox reports it) as the
 * module comment says, and answers where the reader should move it. Never throws for a message:
 * whatever fails is recorded on its row (status `failed`, `reason`) and its destination is the
 * Failed folder.
 */
export async function handleMessage(ctx: InboundContext, source: Buffer, sizeBytes = source.length): Promise<HandledMessage> {
  const { deps, config } = ctx;
  const now = ctx.now?.() ?? new Date();
  let mail: InboundMessage;
  try {
    mail = await parseInbound(source);
  } catch (error) {
    ctx.log?.warn({ err: error }, 'inbound mail: a message could not be read');
    const key = `unreadable:${source.length}:${now.getTime()}`;
    const id = await repo.startMessage(deps.db, { messageKey: key, fromAddress: '', status: 'failed', outcome: 'unreadable', reason: reasonOf(error).message, sizeBytes, createdAt: now, updatedAt: now });
    return { id, destination: 'failed', status: 'failed', outcome: 'unreadable' };
  }

  const id = await repo.startMessage(deps.db, {
    messageKey: mail.messageKey,
    messageId: mail.messageId,
    fromAddress: mail.from?.address ?? '',
    fromName: mail.from?.name ?? null,
    subject: mail.subject.slice(0, 500),
    sentAt: mail.date,
    sizeBytes,
    createdAt: now,
    updatedAt: now,
  });
  if (id === null) return seenBefore(ctx, mail.messageKey, now);

  const finish: FinishMessage = async (result) => {
    await repo.finishMessage(
      deps.db,
      id,
      {
        status: result.status,
        outcome: result.outcome,
        reason: result.reason ?? null,
        userId: result.userId ?? null,
        recordKind: result.record?.recordKind ?? null,
        recordId: result.record?.recordId ?? null,
        details: result.details ?? null,
      },
      ctx.now?.() ?? new Date(),
    );
    return { id, destination: result.destination, status: result.status, outcome: result.outcome };
  };

  const loop = loopReason(mail, { addresses: ownAddresses(deps, config), domain: deps.config.mail.domain });
  if (loop) return finish({ destination: 'processed', status: 'ignored', outcome: 'loop', reason: loop });

  const sender = mail.from ? await repo.activeUserByEmail(deps.db, mail.from.address) : undefined;
  if (!sender) {
    const address = mail.from!.address;
    const answered = await repo.takeRefusal(deps.db, address, calendarDateOf(now, deps.config.organisationTimeZone));
    if (answered) {
      await queueReply(deps, {
        to: address,
        lang: mail.language ?? 'az',
        kind: 'inboundUnknownSender',
        params: { subject: mail.subject || '—', address },
        inReplyTo: mail.messageId,
        inboundId: id,
      });
    }
    return finish({ destination: 'processed', status: 'refused', outcome: 'unknownSender', reason: 'unknownSender', details: { answered } });
  }

  const user = authUserOf(sender);
  const lang = (sender.language as LanguageCode | null) ?? 'az';
  const tokens = decisionTokensIn(mail, deps.config.mail.domain);
  let record: { recordKind: string; recordId: number } | null = null;
  try {
    if (tokens.length > 0) return await decideByReply(ctx, id, mail, user, lang, tokens, finish);

    record = await answeredRecord(deps, mail);
    if (record && record.recordKind !== HELPDESK_RECORD_KIND) throw new SenderError('unsupportedRecord');
    if (record) {
      const comment = await commentByMail(ctx, mail, user, record.recordId);
      return await finish({ destination: 'processed', status: 'processed', outcome: 'comment', userId: user.id, record, details: comment });
    }
    const created = await requestByMail(ctx, mail, user, lang, now);
    record = { recordKind: HELPDESK_RECORD_KIND, recordId: created.requestId };
    return await finish({ destination: 'processed', status: 'processed', outcome: 'request', userId: user.id, record, details: { number: created.number, watchers: created.watchers, files: created.files } });
  } catch (error) {
    const reason = reasonOf(error);
    if (reason.code === 'internal') ctx.log?.warn({ err: error, inboundId: id }, 'inbound mail: a message failed');
    else {
      await queueReply(deps, {
        to: sender.email,
        lang,
        kind: 'inboundFailed',
        params: { subject: mail.subject || '—', reason: reasonText(lang, reason.code, reason.params, reason.message) },
        link: '/home/helpdesk/requests',
        inReplyTo: mail.messageId,
        inboundId: id,
        record,
      });
    }
    return finish({ destination: 'failed', status: 'failed', outcome: 'failed', reason: `${reason.code}: ${reason.message}`.slice(0, 2000), userId: user.id, record, details: { code: reason.code, params: reason.params } });
  }
}

/** A message whose key is in inbound_mail already: moved where it belongs, handled no further. */
async function seenBefore(ctx: InboundContext, key: string, now: Date): Promise<HandledMessage> {
  const row = await repo.findByKey(ctx.deps.db, key);
  if (!row) return { id: null, destination: 'failed', status: 'failed', outcome: 'duplicate' };
  if (row.status === 'processing') {
    // Its reader stopped half-way (its lease ran out): whatever it did, the admin decides.
    await repo.finishMessage(ctx.deps.db, row.id, { status: 'failed', outcome: 'interrupted', reason: 'interrupted: the reader stopped while handling this message; check the record before sending it again' }, now);
    return { id: row.id, destination: 'failed', status: 'failed', outcome: 'interrupted' };
  }
  return { id: row.id, destination: row.status === 'failed' ? 'failed' : 'processed', status: row.status, outcome: row.outcome ?? 'duplicate' };
}

/**
 * The record a message answers: one of our mails it replies to (the notification's link, or
 * the record an answer of ours named), an earlier mail of the thread that became a record
 * (reply-all to the original mail), or the request number in its subject. Null: a new matter.
 */
async function answeredRecord(deps: AppDeps, mail: InboundMessage): Promise<{ recordKind: string; recordId: number } | null> {
  const ours = mail.references.map((ref) => parseOutboxMessageId(ref, deps.config.mail.domain)?.id).filter((x): x is number => x !== undefined);
  for (const sent of await repo.linksOfSent(deps.db, ours)) {
    if (sent.recordKind && sent.recordId !== null) return { recordKind: sent.recordKind, recordId: sent.recordId };
    const record = recordOfPath(sent.redirectUrl);
    if (record) return record;
  }
  const received = await repo.recordOfReceived(deps.db, mail.references);
  if (received) return received;
  const number = requestNumberIn(mail.subject);
  const id = number ? await repo.requestIdByNumber(deps.db, number) : null;
  return id !== null ? { recordKind: HELPDESK_RECORD_KIND, recordId: id } : null;
}

/** The staff (other than the sender and our own addresses) among the message's To and Cc. */
async function staffCopied(ctx: InboundContext, mail: InboundMessage, senderId: number): Promise<number[]> {
  const own = new Set(ownAddresses(ctx.deps, ctx.config));
  const addresses = [...new Set([...mail.to, ...mail.cc])].filter((a) => !own.has(a));
  return (await repo.activeUserIdsByEmail(ctx.deps.db, addresses)).filter((id) => id !== senderId);
}

/**
 * Stores the message's attachments as `user`'s uploads for a help-desk request: at most
 * UPLOAD_MAX_FILES (400 `tooManyFiles`), UPLOAD_MAX_MB in all (413 `fileTooLarge`), then the
 * files module's own checks (415 `fileTypeNotAllowed` / `fileContentMismatch`, 413
 * `storageQuotaExceeded`) — all or nothing. Answers the new file ids.
 */
async function storeAttachments(deps: AppDeps, user: AuthUser, attachments: readonly InboundAttachment[]): Promise<{ ids: number[]; names: string[] }> {
  if (attachments.length === 0) return { ids: [], names: [] };
  if (attachments.length > UPLOAD_MAX_FILES) throw new AppError(400, 'tooManyFiles', `At most ${UPLOAD_MAX_FILES} file(s) may be sent at once.`, { maxFiles: UPLOAD_MAX_FILES });
  const maxBytes = deps.config.uploadMaxTotalBytes;
  const names = attachments.map((a) => a.name);
  const totalBytes = attachments.reduce((sum, a) => sum + a.content.length, 0);
  if (totalBytes > maxBytes) throw fileTooLarge({ totalBytes, maxBytes, fileNames: names });
  const store = blobStore(deps);
  const received: ReceivedFile[] = [];
  try {
    for (const a of attachments) received.push({ name: a.name, blob: await store.receive(Readable.from([a.content]), maxBytes) });
  } catch (error) {
    await Promise.all(received.map((f) => store.discard(f.blob)));
    if (error instanceof SizeLimitError) throw fileTooLarge({ totalBytes, maxBytes, fileNames: names });
    throw error;
  }
  const files = await storeUploads(deps, user, HELPDESK_RECORD_KIND, received);
  return { ids: files.map((f) => f.id), names: files.map((f) => f.name) };
}

/** A new help-desk request from a staff member's mail (step 6). */
async function requestByMail(ctx: InboundContext, mail: InboundMessage, user: AuthUser, lang: LanguageCode, now: Date) {
  const { deps } = ctx;
  const componentId = await repo.inboundComponentId(deps.db, ctx.config.component);
  if (componentId === null) throw new SenderError('noComponent');
  const body = mail.text;
  const firstLine = body.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  let title = cleanSubject(mail.subject) || firstLine;
  if ([...title].length < 3) title = `${title || '—'} (${mail.from!.address})`;
  const files = await storeAttachments(deps, user, mail.attachments);
  const watchers = await staffCopied(ctx, mail, user.id);
  const input = saveHelpdeskRequestInput.parse({
    title: [...title].slice(0, HELPDESK_TITLE_MAX).join(''),
    description: [...(body || title)].slice(0, HELPDESK_TEXT_MAX).join(''),
    componentId,
    fileIds: files.ids,
    mentionedUserIds: [],
  });
  const detail = await saveRequest(deps, user, input, lang, ctx.log, now, {
    via: 'mail',
    from: mail.from!.address,
    messageId: mail.messageId,
    ...(watchers.length > 0 ? { watcherIds: watchers } : {}),
  });
  if (watchers.length > 0) {
    await addWatchers(deps.db, HELPDESK_RECORD_KIND, detail.request.id, watchers, user.id);
    await announceChange(deps, detail.request.id, ctx.log);
  }
  return { requestId: detail.request.id, number: detail.request.number, watchers, files: files.names };
}

/** A comment by the sender on request `requestId` from their reply (step 5); answers the comment's id, the files attached and the watchers added. */
async function commentByMail(ctx: InboundContext, mail: InboundMessage, user: AuthUser, requestId: number) {
  const { deps } = ctx;
  const own = stripQuoted(mail.text);
  const files = await storeAttachments(deps, user, mail.attachments);
  const text = [...(own || cleanSubject(mail.subject) || '—')].slice(0, RECORD_TEXT_MAX).join('');
  const comment = await addComment(deps, user, requestId, { text, mentionedUserIds: [] }, ctx.log);
  await attachToRecord(deps, HELPDESK_RECORD_KIND, requestId, files.ids, user);
  const watchers = await staffCopied(ctx, mail, user.id);
  await addWatchers(deps.db, HELPDESK_RECORD_KIND, requestId, watchers, user.id);
  if (files.ids.length > 0 || watchers.length > 0) await announceChange(deps, requestId, ctx.log);
  return { commentId: comment.id, files: files.names, watchers };
}
