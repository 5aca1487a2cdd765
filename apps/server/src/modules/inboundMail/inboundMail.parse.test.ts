import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cleanSubject,
  decisionTokensIn,
  loopReason,
  parseInbound,
  parseReplyDecision,
  requestNumberIn,
  stripQuoted,
  type InboundMessage,
} from './inboundMail.parse';

/*
 * The parsing and matching rules of inbound mail on fixture .eml texts (fixtures/), without the
 * mail servers: what a message says, the loop checks, what it answers, the reply's own text and
 * the first line of a decide-by-reply.
 */

const fixture = (name: string) => parseInbound(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const own = { addresses: ['servicedesk@servicedesk.test', 'helpdesk@servicedesk.test'], domain: 'servicedesk.test' };
const message = (headers: string, body = 'Hello') => parseInbound(Buffer.from(`${headers.trim().replace(/\n/g, '\r\n')}\r\n\r\n${body}\r\n`));

describe('reading a message', () => {
  it('takes the sender, the Cc list, the subject and the text of a staff mail, and its attachment', async () => {
    const mail = await fixture('new-request.eml');
    expect(mail.messageId).toBe('<CAF1new-request@mail.servicedesk.az>');
    expect(mail.messageKey).toBe('<CAF1new-request@mail.servicedesk.az>');
    expect(mail.from).toEqual({ address: 'employee@servicedesk.az', name: 'Əli Məmmədov' });
    expect(mail.cc).toEqual(['lead@servicedesk.az', 'someone@gmail.example']);
    expect(mail.subject).toBe('Fwd: Printer 3-cü mərtəbədə işləmir');
    expect(cleanSubject(mail.subject)).toBe('Printer 3-cü mərtəbədə işləmir');
    expect(mail.language).toBe('az');
    expect(mail.text).toContain('3-cü mərtəbədəki printer kağızı sıxır.');
    expect(stripQuoted(mail.text)).toBe('Salam,\n\n3-cü mərtəbədəki printer kağızı sıxır.\nTəcili sənədlər var.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ name: 'screen.png', contentType: 'image/png', inline: false });
    expect(mail.attachments[0]!.content.subarray(1, 4).toString()).toBe('PNG');
    expect(loopReason(mail, own)).toBeNull();
  });

  it('keeps only the text of an HTML-only mail: no script, style, markup or bidi override', async () => {
    const mail = await fixture('html-only.eml');
    expect(mail.text).toContain('The left monitor flickers.');
    expect(mail.text).toContain('Cableexe.txt changed & no help.');
    expect(mail.text).not.toMatch(/alert|<|color:red|\u202e/);
  });

  it('keys a message without a Message-ID by the hash of its source', async () => {
    const a = await message('From: a@servicedesk.az\nSubject: x');
    const b = await message('From: a@servicedesk.az\nSubject: y');
    expect(a.messageId).toBeNull();
    expect(a.messageKey).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.messageKey).not.toBe(b.messageKey);
  });
});

describe('loops (RFC 3834): never create anything, never answer', () => {
  it('knows an auto-reply by Auto-Submitted, and takes Auto-Submitted: no as a person', async () => {
    expect(loopReason(await fixture('auto-reply.eml'), own)).toBe('autoSubmitted');
    expect(loopReason(await message('From: a@servicedesk.az\nAuto-Submitted: no'), own)).toBeNull();
    expect(loopReason(await message('From: a@servicedesk.az\nAuto-Submitted: auto-generated; owner-email="x@y"'), own)).toBe('autoSubmitted');
    expect(loopReason(await message('From: a@servicedesk.az\nX-Autoreply: yes'), own)).toBe('autoReply');
  });

  it('knows a bounce by its empty return path, MAILER-DAEMON or a delivery report', async () => {
    expect(loopReason(await fixture('bounce.eml'), own)).toBe('bounce');
    expect(loopReason(await message('Return-Path: <>\nFrom: a@servicedesk.az'), own)).toBe('bounce');
    expect(loopReason(await message('From: MAILER-DAEMON@example.org'), own)).toBe('bounce');
    expect(loopReason(await message('From: postmaster@example.org\nContent-Type: multipart/report; report-type=delivery-status; boundary=x', '--x--'), own)).toBe('bounce');
  });

  it('knows bulk and list mail, and our own messages by address or by Message-ID', async () => {
    for (const p of ['bulk', 'junk', 'list', 'BULK']) expect(loopReason(await message(`From: a@servicedesk.az\nPrecedence: ${p}`), own)).toBe('precedence');
    expect(loopReason(await message('From: a@servicedesk.az\nPrecedence: first-class'), own)).toBeNull();
    expect(loopReason(await message('From: ServiceDesk <ServiceDesk@servicedesk.test>'), own)).toBe('ownMessage');
    expect(loopReason(await message('From: a@servicedesk.az\nMessage-ID: <sd-outbox-5@servicedesk.test>'), own)).toBe('ownMessage');
    expect(loopReason(await message('From: a@servicedesk.az\nMessage-ID: <sd-outbox-5@elsewhere.example>'), own)).toBeNull();
  });
});

describe('what a reply answers', () => {
  it('lists the Message-IDs it refers to, In-Reply-To first, each once', async () => {
    const mail = await fixture('reply-outlook-ru.eml');
    expect(mail.references).toEqual(['<sd-outbox-77@servicedesk.test>', '<CAF1new-request@mail.servicedesk.az>']);
  });

  it('finds a request number in the subject whatever its case, and none in a longer number', () => {
    expect(requestNumberIn('RE: Demo MMC: New comment on HD-2026-000041')).toBe('HD-2026-000041');
    expect(requestNumberIn('Re: hd-2026-000041 printer')).toBe('HD-2026-000041');
    expect(requestNumberIn('[HD-2026-000041]')).toBe('HD-2026-000041');
    expect(requestNumberIn('XHD-2026-000041')).toBeNull();
    expect(requestNumberIn('HD-2026-0000412')).toBeNull();
    expect(requestNumberIn('Printer')).toBeNull();
  });

  it('strips Re:/Fwd: prefixes in the four languages’ clients', () => {
    expect(cleanSubject('RE: Fwd: AW: Printer')).toBe('Printer');
    expect(cleanSubject('Ответ: Отв: Принтер')).toBe('Принтер');
    expect(cleanSubject('YNT: İLT: Yazıcı')).toBe('Yazıcı');
    expect(cleanSubject('Re[2]: Printer')).toBe('Printer');
    expect(cleanSubject('Regarding the printer')).toBe('Regarding the printer');
  });
});

describe('the reply’s own text without the quoted history', () => {
  it('cuts an Outlook header block (Russian)', async () => {
    expect(stripQuoted((await fixture('reply-outlook-ru.eml')).text)).toBe('Проверил, картридж заменён.');
  });

  it('cuts a Gmail attribution wrapped over two lines and the > quote (Azerbaijani)', async () => {
    expect(stripQuoted((await fixture('approve-reply-az.eml')).text)).toBe('Təsdiq edirəm, büdcə var.');
  });

  it.each([
    ['en', 'Done, thanks.\n\nOn Tue, Dec 1, 2026 at 10:00 AM ServiceDesk <sd@x> wrote:\n> old'],
    ['en wrapped', 'Done, thanks.\n\nOn Tue, Dec 1, 2026 at 10:00 AM ServiceDesk\n<sd@x> wrote:\n\nold'],
    ['ru', 'Done, thanks.\n\n1 дек. 2026 г., в 10:00, ServiceDesk <sd@x> пишет:\nold'],
    ['tr', 'Done, thanks.\n\n1 Ara 2026 Sal, 10:00 tarihinde ServiceDesk <sd@x> şunu yazdı:\nold'],
    ['az', 'Done, thanks.\n\nServiceDesk <sd@x> yazıb:\nold'],
    ['original message', 'Done, thanks.\n-----Original Message-----\nFrom: x'],
    ['tr Outlook', 'Done, thanks.\n\nKimden: ServiceDesk <sd@x>\nGönderildi: 1 Aralık 2026\nKime: a@b\nold'],
    ['az Outlook', 'Done, thanks.\n\nKimdən: ServiceDesk <sd@x>\nGöndərilib: 1 dekabr 2026\nold'],
    ['signature', 'Done, thanks.\n-- \nAli'],
  ])('cuts the %s quote', (_name, text) => {
    expect(stripQuoted(text)).toBe('Done, thanks.');
  });

  it('keeps a text that has no quote, and the whole text when only a quote is there', () => {
    expect(stripQuoted('From: my experience, restart it.\nIt works.')).toBe('From: my experience, restart it.\nIt works.');
    expect(stripQuoted('> only quoted')).toBe('> only quoted');
  });
});

describe('the first line of a decide-by-reply', () => {
  it.each([
    ['Approve', 'approve', ''],
    ['approved, thanks', 'approve', 'thanks'],
    ['I approve.', 'approve', ''],
    ['Təsdiq edirəm, büdcə var.', 'approve', 'büdcə var.'],
    ['TƏSDİQ', 'approve', ''],
    ['Одобряю', 'approve', ''],
    ['Согласовано', 'approve', ''],
    ['Onaylıyorum', 'approve', ''],
    ['ONAY', 'approve', ''],
    ['Reject: there is no budget this year', 'reject', 'there is no budget this year'],
    ['Rədd edirəm - büdcə yoxdur', 'reject', 'büdcə yoxdur'],
    ['Отклоняю, нет бюджета на это', 'reject', 'нет бюджета на это'],
    ['Reddediyorum: bütçe yok', 'reject', 'bütçe yok'],
    ['Ret', 'reject', ''],
  ])('%s → %s', (line, decision, reason) => {
    expect(parseReplyDecision(line)).toEqual({ decision, reason });
  });

  it('takes the lines below the first one as part of the reason', () => {
    expect(parseReplyDecision('\nReject\nThe laptop model is discontinued.\nChoose another.')).toEqual({
      decision: 'reject',
      reason: 'The laptop model is discontinued.\nChoose another.',
    });
  });

  it.each(['Не одобряю', 'Can I approve this?', 'Return it to me', 'Thanks!', 'reddish', ''])('reads no decision in “%s”', (line) => {
    expect(parseReplyDecision(line)).toBeNull();
  });
});

describe('decide-by-reply tokens', () => {
  it('finds the token in the Message-ID the reply answers and in the quoted reference line, once', async () => {
    const mail = await fixture('approve-reply-az.eml');
    expect(decisionTokensIn(mail, 'servicedesk.test')).toEqual(['SDA-12-0123456789abcdef01234567']);
  });

  it('ignores a token in someone else’s Message-ID and reads one typed in any case', async () => {
    const mail: InboundMessage = { ...(await message('From: a@servicedesk.az')), references: ['<sd-outbox-1.SDA-3-aaaaaaaaaaaaaaaaaaaaaaaa@evil.example>'], text: 'ref sda-4-BBBBBBBBBBBBBBBBBBBBBBBB' };
    expect(decisionTokensIn(mail, 'servicedesk.test')).toEqual(['SDA-4-bbbbbbbbbbbbbbbbbbbbbbbb']);
  });
});
