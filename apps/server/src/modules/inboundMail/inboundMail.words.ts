import { normalizeForSearch } from '@servicedesk/i18n/normalize';

/*
 * The words inbound mail reads in az, en, ru and tr (issue #38): what a decide-by-reply's first
 * line starts with, and how mail clients introduce the quoted history. Compared after
 * {@link foldWord} (case and accents folded the Azerbaijani-aware way: "Təsdiq" → "tesdiq",
 * "ONAYLIYORUM" → "onayliyorum"), so each is written once in its plain form.
 *
 * Why our own list: the reply-parsing libraries on npm (email-reply-parser, planer) know English
 * and western European clients, none of Azerbaijani or Turkish and little Russian.
 */

/** A word in the folded form the lists below are written in. */
export const foldWord = (word: string): string => normalizeForSearch(word);

/**
 * Stems of "approve" (a first word starting with one approves): en approve/approved; az təsdiq
 * (təsdiq edirəm, təsdiqləyirəm), razıyam; ru одобряю/одобрено, согласовано/согласую,
 * утверждаю/утверждено; tr onay/onayla/onaylıyorum/onaylandı.
 */
export const APPROVE_WORDS: readonly string[] = ['approv', 'tesdiq', 'raziyam', 'одобр', 'согласов', 'согласу', 'утвержд', 'утверд', 'onay'].map(foldWord);

/**
 * Stems of "reject": en reject/rejected, decline/declined; az imtina; ru отклоняю/отклонено,
 * отказ/отказываю; tr reddet/reddediyorum/reddedildi.
 */
export const REJECT_WORDS: readonly string[] = ['reject', 'declin', 'reddet', 'reddedi', 'imtina', 'отклон', 'отказ'].map(foldWord);

/** Short words of "reject" that must be the whole word: az rədd (rədd edirəm), tr ret, red. */
export const REJECT_EXACT: ReadonlySet<string> = new Set(['rədd', 'ret', 'red'].map(foldWord));

/** Pronouns a decision may start with ("I approve", "Я одобряю", "Mən təsdiq edirəm", "Ben onaylıyorum"). */
export const PRONOUNS: ReadonlySet<string> = new Set(['i', 'я', 'mən', 'ben'].map(foldWord));

/**
 * Lines that start the quoted history (tested on the trimmed line, and on it joined with the next
 * one for clients that wrap the attribution):
 * - en "On Mon, 1 Dec 2026 at 10:00, Ali <ali@x> wrote:", "-----Original Message-----";
 * - az Gmail "1 dek 2026, B.e. 10:00 tarixində Ali <ali@x> yazdı:", "Ali <ali@x> yazıb:";
 * - ru "1 дек. 2026 г., в 10:00, Али <ali@x> пишет:" / "написал(а):", "-----Исходное сообщение-----";
 * - tr "1 Ara 2026 Pzt, 10:00 tarihinde Ali <ali@x> şunu yazdı:", "-----Orijinal İleti-----";
 * - Outlook's line of underscores.
 */
export const QUOTE_HEADER_PATTERNS: readonly RegExp[] = [
  /^on\s.+\swrote:$/i,
  /\s(yazdı|yazıb|yazmışdır|şunu yazdı)\s*:$/iu,
  /\s(пишет|написал|написала|написал\(а\))\s*:$/iu,
  /^-{2,}\s*(original message|forwarded message|исходное сообщение|пересылаемое сообщение|orijinal ileti|iletilen ileti|orijinal mesaj|ilkin məktub|orijinal məktub|göndərilən məktub)\s*-{2,}$/iu,
  /^_{10,}$/,
];
