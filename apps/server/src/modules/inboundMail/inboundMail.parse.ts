import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { isLanguageCode, type LanguageCode } from '@servicedesk/contracts';
import { APPROVE_WORDS, PRONOUNS, QUOTE_HEADER_PATTERNS, REJECT_EXACT, REJECT_WORDS, foldWord } from './inboundMail.words';
import { parseOutboxMessageId } from '../../lib/outbox/smtp';

/*
 * The rules of inbound mail that need no server (issue #38): reading a message (mailparser), the
 * loop checks of RFC 3834, which earlier messages it refers to, the request number in its subject,
 * the reply's own text without the quoted history, and the first line of a decide-by-reply.
 * Tested with fixture .eml texts (inboundMail.parse.test.ts, fixtures/).
 */

/** An attachment as read from the message: the name it came with (or one made from its type) and its bytes. */
export interface InboundAttachment {
  name: string;
  contentType: string;
  content: Buffer;
  /** True for a part shown inside the HTML body (a pasted screenshot, a signature logo). */
  inline: boolean;
}

/** A message as inbound mail handles it. Addresses are lower case. */
export interface InboundMessage {
  /** The Message-ID header with its angle brackets, or null. */
  messageId: string | null;
  /** What makes the message unique in inbound_mail: its Message-ID, else `sha256:<hex>` of the source. */
  messageKey: string;
  from: { address: string; name: string | null } | null;
  to: string[];
  cc: string[];
  subject: string;
  date: Date | null;
  /** The Message-IDs it answers (In-Reply-To first, then References), each once. */
  references: string[];
  /** The text body (the text part, else the HTML part's text), cleaned: no control, bidi-override or lone surrogate characters. */
  text: string;
  attachments: InboundAttachment[];
  /** Content-Language when it is one of ours. */
  language: LanguageCode | null;
  /** Raw header values (lower-case names) the loop checks read. */
  headers: Map<string, string[]>;
  /** The top-level Content-Type (e.g. multipart/report). */
  contentType: string;
}

/** Why a message must neither create anything nor be answered (RFC 3834 and our own mail). */
export type LoopReason = 'bounce' | 'ownMessage' | 'autoSubmitted' | 'precedence' | 'autoReply';

const addresses = (field: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .filter((a): a is { address: string; name: string } => typeof a.address === 'string' && a.address.includes('@'))
    .map((a) => ({ address: a.address.trim().toLowerCase(), name: a.name }));

/** Every `<…>` id in the header values, each once, in order. */
function messageIdsIn(...values: (string | string[] | undefined)[]): string[] {
  const out: string[] = [];
  for (const value of values.flat()) {
    for (const match of (value ?? '').matchAll(/<[^<>\s]{1,900}>/g)) if (!out.includes(match[0])) out.push(match[0]);
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as stored on a record: line ends as \n, no control characters (tab and newline stay), no
 * bidi overrides (a reversed file name or text), no lone surrogates, no runs of blank lines,
 * trailing spaces cut, trimmed.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(UNSAFE_CHARS, '')
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A file name for a part without one, from its type (`image/png` → attachment-1.png). */
function nameFor(contentType: string, index: number): string {
  const sub = (contentType.split('/')[1] ?? 'bin').split(/[;+]/)[0]!.toLowerCase();
  const extension = ({ jpeg: 'jpg', plain: 'txt', 'vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx' } as Record<string, string>)[sub] ?? sub;
  return `attachment-${index + 1}.${/^[a-z0-9]{1,10}$/.test(extension) ? extension : 'bin'}`;
}

function headerMap(parsed: ParsedMail): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) {
    const value = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
    map.set(key.toLowerCase(), [...(map.get(key.toLowerCase()) ?? []), value]);
  }
  return map;
}

/** Reads a message's source (RFC 5322 bytes) into an {@link InboundMessage}. */
export async function parseInbound(source: Buffer): Promise<InboundMessage> {
  const parsed = await simpleParser(source, { skipHtmlToText: false, skipTextLinks: true });
  const headers = headerMap(parsed);
  const from = addresses(parsed.from)[0];
  const messageId = parsed.messageId && /^<[^<>\s]{1,900}>$/.test(parsed.messageId.trim()) ? parsed.messageId.trim() : null;
  const lang = (headers.get('content-language')?.[0] ?? '').toLowerCase().split(/[-,\s]/)[0];
  return {
    messageId,
    messageKey: messageId ?? `sha256:${createHash('sha256').update(source).digest('hex')}`,
    from: from ? { address: from.address, name: from.name.trim() || null } : null,
    to: addresses(parsed.to).map((a) => a.address),
    cc: addresses(parsed.cc).map((a) => a.address),
    subject: cleanText(parsed.subject ?? '').replace(/\s+/g, ' '),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
    references: messageIdsIn(parsed.inReplyTo, parsed.references),
    text: cleanText(typeof parsed.text === 'string' ? parsed.text : ''),
    attachments: parsed.attachments.map((a, i) => ({
      name: a.filename?.trim() || nameFor(a.contentType, i),
      contentType: a.contentType,
      content: a.content,
      inline: a.contentDisposition === 'inline' || a.related === true,
    })),
    language: lang && isLanguageCode(lang) ? lang : null,
    headers,
    contentType: (headers.get('content-type')?.[0] ?? 'text/plain').split(';')[0]!.trim().toLowerCase(),
  };
}

/** What counts as our own mail: our sending and receiving addresses, and our Message-ID domain. */
export interface OwnMail {
  addresses: readonly string[];
  domain: string;
}

/**
 * Why `mail` must be left alone, or null (RFC 3834 §2 and §5): a bounce (empty Return-Path,
 * MAILER-DAEMON, a multipart/report delivery notice), our own message (from one of our addresses,
 * or carrying our Message-ID), `Auto-Submitted` other than `no`, `Precedence: bulk|junk|list`, or
 * an auto-reply flag (X-Autoreply, X-Autorespond). Such a message creates nothing and gets no answer.
 */
export function loopReason(mail: InboundMessage, own: OwnMail): LoopReason | null {
  const first = (name: string) => mail.headers.get(name)?.[0]?.trim() ?? null;
  const returnPath = first('return-path');
  const local = mail.from?.address.split('@')[0] ?? '';
  if (returnPath !== null && /^<\s*>$/.test(returnPath)) return 'bounce';
  if (/^mailer-daemon$/i.test(local) || mail.contentType === 'multipart/report') return 'bounce';
  if (!mail.from) return 'bounce';
  const ours = own.addresses.map((a) => a.toLowerCase());
  if (ours.includes(mail.from.address) || (mail.messageId && parseOutboxMessageId(mail.messageId, own.domain))) return 'ownMessage';
  const autoSubmitted = first('auto-submitted');
  if (autoSubmitted !== null && autoSubmitted.split(';')[0]!.trim().toLowerCase() !== 'no') return 'autoSubmitted';
  if (/^(bulk|junk|list)$/i.test(first('precedence') ?? '')) return 'precedence';
  if (mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond')) return 'autoReply';
  return null;
}

/** A help-desk request number (`HD-2026-000042`, any case) in `subject`, upper case, or null. */
export function requestNumberIn(subject: string): string | null {
  const match = /(?<![A-Za-z0-9])HD-(\d{4})-(\d{6})(?!\d)/i.exec(subject);
  return match ? `HD-${match[1]}-${match[2]}` : null;
}

/** `subject` without the reply and forward prefixes mail clients put before it (Re:, Fwd:, AW:, Ответ:, YNT:, Cvb: …). */
export function cleanSubject(subject: string): string {
  let s = subject.trim();
  for (;;) {
    const next = s.replace(/^(?:re|fw|fwd|aw|wg|sv|antw|ответ|отв|пересл|ynt|[iİ]lt|cvb|cavab|yönl)\s*(?:\[\d+\])?\s*:\s*/iu, '').trim();
    if (next === s) return s;
    s = next;
  }
}

/**
 * The reply's own text: everything before the quoted history, when a quote can be recognised —
 * a `>` quote, an "On … wrote:" line (az, en, ru, tr and the other common clients), an Outlook
 * header block (From:/Sent: in those languages), an "Original message" or underscore separator —
 * and before a `-- ` signature. Answers the whole text when nothing is left before the quote.
 */
export function stripQuoted(text: string): string {
  const lines = text.split('\n');
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = (lines[i + 1] ?? '').trim();
    if (line === '--' || lines[i] === '-- ') {
      cut = i;
      break;
    }
    if (line.startsWith('>')) {
      // An attribution line right above the quote belongs to it too.
      cut = i > 0 && /:\s*$/.test(lines[i - 1]!.trim()) ? i - 1 : i;
      break;
    }
    if (QUOTE_HEADER_PATTERNS.some((p) => p.test(line)) || QUOTE_HEADER_PATTERNS.some((p) => p.test(`${line} ${next}`) && !p.test(next))) {
      cut = i;
      break;
    }
    // Outlook: a From: line followed within a few lines by Sent:/Date: (or To:), in any of our languages.
    if (/^\*?(from|от|kimden|kimdən|göndərən|gönderen|von|de)\s*:\*?\s*\S/i.test(line)) {
      const block = lines.slice(i + 1, i + 5).map((l) => l.trim());
      if (block.some((l) => /^\*?(sent|date|to|subject|отправлено|дата|кому|тема|gönderildi|tarih|kime|konu|göndərilib|göndərildi|tarix|kimə|mövzu)\s*:/i.test(l))) {
        cut = i;
        break;
      }
    }
  }
  const own = cleanText(lines.slice(0, cut).join('\n'));
  return own === '' ? cleanText(text) : own;
}

/** A decision read from the first line of a reply. */
export interface ReplyDecision {
  decision: 'approve' | 'reject';
  /** The words after the decision word on that line and the lines below it (the reply's own text); may be empty. */
  reason: string;
}

/**
 * The decision a reply's own text (already {@link stripQuoted}) starts with: its first non-empty
 * line must begin with approve or reject in az, en, ru or tr (e.g. "Təsdiq edirəm", "Approved",
 * "Одобряю", "Onaylıyorum"; "Rədd: büdcə yoxdur", "Reject - no budget", "Отклоняю, нет бюджета",
 * "Reddediyorum çünkü …"), optionally after I / Я / Mən / Ben. Anything else (a question, a
 * negation such as "не одобряю") → null. Case and accents do not matter.
 */
export function parseReplyDecision(ownText: string): ReplyDecision | null {
  const lines = ownText.split('\n');
  const index = lines.findIndex((l) => l.trim() !== '');
  if (index < 0) return null;
  const line = lines[index]!.trim();
  const words = [...line.matchAll(/[\p{L}\p{N}]+/gu)];
  let w = 0;
  if (words[w] && PRONOUNS.has(foldWord(words[w]![0])) && words.length > 1) w++;
  const word = words[w];
  if (!word) return null;
  const folded = foldWord(word[0]);
  const decision = APPROVE_WORDS.some((stem) => folded.startsWith(stem)) ? 'approve' : REJECT_EXACT.has(folded) || REJECT_WORDS.some((stem) => folded.startsWith(stem)) ? 'reject' : null;
  if (!decision) return null;
  // The rest of the line after the decision word and any helper verb (edirəm, ediyorum, et).
  let rest = line.slice((word.index ?? 0) + word[0].length);
  rest = rest.replace(/^\s*(edirəm|edirem|ediyorum|et|ederim|olunsun|olsun)\b/iu, '');
  rest = rest.replace(/^[\s:;,.\-–—!]+/u, '');
  const reason = cleanText([rest, ...lines.slice(index + 1)].join('\n'));
  return { decision, reason };
}

/** A decide-by-reply token as it appears in a mail: `SDA-{id}-{24 hex digits}`. */
export const DECISION_TOKEN_PATTERN = /(?<![A-Za-z0-9])SDA-(\d{1,10})-([0-9a-f]{24})(?![0-9a-f])/gi;

/**
 * The decide-by-reply tokens a reply carries (lib/approvals/mail-tokens.ts): in the Message-IDs it
 * answers (`<sd-outbox-{id}.SDA-…@MAIL_DOMAIN>` — every client keeps In-Reply-To) and in its text
 * (the mail's reference line, quoted back), each once, headers first.
 */
export function decisionTokensIn(mail: InboundMessage, domain: string): string[] {
  const out: string[] = [];
  const addAll = (text: string) => {
    for (const m of text.matchAll(DECISION_TOKEN_PATTERN)) {
      const token = `SDA-${m[1]}-${m[2]!.toLowerCase()}`;
      if (!out.includes(token)) out.push(token);
    }
  };
  for (const id of mail.references) {
    const tag = parseOutboxMessageId(id, domain)?.tag;
    if (tag) addAll(tag);
  }
  addAll(mail.text);
  return out;
}
