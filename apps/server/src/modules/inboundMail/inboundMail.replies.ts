import { buildLocale, type TranslationTree } from '@servicedesk/i18n';
import type { LanguageCode } from '@servicedesk/contracts';
import { outbox } from '../../db/schema';
import { renderMail } from '../../lib/outbox/mail-template';
import type { AppDeps } from '../../types';

/*
 * Inbound mail's answers (issue #38): the refusal of an unknown sender, the note that a mail could
 * not be taken (its reason), and the note that a reply decided nothing (what was understood and
 * why). Each is an outbox mail (so the sender job's claim and retry rules apply) rendered from the
 * `mail` translation area in the recipient's language, answering the message it is about
 * (In-Reply-To), and — like all our mail — `Auto-Submitted: auto-generated`, so a well-behaved
 * auto-responder never answers it (RFC 3834). Messages that are loops are never answered at all.
 */

/** The answers inbound mail sends: their kinds under `mail.` (packages/i18n mail.json). */
export type InboundReplyKind = 'inboundUnknownSender' | 'inboundFailed' | 'replyNotDecided';

const trees = new Map<LanguageCode, TranslationTree>();
function mailTree(lang: LanguageCode): TranslationTree {
  let tree = trees.get(lang);
  if (!tree) {
    tree = (buildLocale(lang).mail as TranslationTree | undefined) ?? {};
    trees.set(lang, tree);
  }
  return tree;
}

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in params ? String(params[name]) : all));

/** The text of `mail.<group>.<code>` in `lang` with `params`, else `fallback` (group `reasons`: `other` with the message). */
export function mailText(lang: LanguageCode, group: 'reasons' | 'understood', code: string, params: Record<string, string | number> = {}): string | null {
  const texts = mailTree(lang)[group] as Record<string, string> | undefined;
  const template = texts?.[code];
  return typeof template === 'string' ? fill(template, params) : null;
}

/** Why a message failed, as its sender reads it: the code's text, else the error's own message. */
export function reasonText(lang: LanguageCode, code: string, params: Record<string, string | number>, message: string): string {
  return mailText(lang, 'reasons', code, params) ?? mailText(lang, 'reasons', 'other', { message }) ?? message;
}

/** One answer to write. */
export interface InboundReply {
  to: string;
  lang: LanguageCode;
  kind: InboundReplyKind;
  params: Record<string, string | number>;
  /** An app path the answer links to (the record, or the home page). */
  link?: string;
  /** The Message-ID of the mail this answers. */
  inReplyTo: string | null;
  /** The inbound_mail row it answers, and the record it is about (kept in the payload for the admin and for replies to it). */
  inboundId: number;
  record?: { recordKind: string; recordId: number } | null;
}

/** Queues `reply` in the outbox; answers the outbox row's id. */
export async function queueReply(deps: AppDeps, reply: InboundReply): Promise<number> {
  const mail = renderMail(deps.config.mail, deps.config.port, { kind: reply.kind, lang: reply.lang, params: reply.params, ...(reply.link ? { link: reply.link } : {}) });
  const [row] = await deps.db
    .insert(outbox)
    .values({
      channel: 'mail',
      recipient: reply.to,
      subject: mail.subject,
      body: mail.text,
      payload: {
        kind: reply.kind,
        lang: reply.lang,
        html: mail.html,
        inboundId: reply.inboundId,
        ...(reply.inReplyTo ? { inReplyTo: reply.inReplyTo } : {}),
        ...(reply.record ? { recordKind: reply.record.recordKind, recordId: reply.record.recordId } : {}),
      },
    })
    .returning({ id: outbox.id });
  return row!.id;
}
