import { normalizeForSearch } from '@servicedesk/i18n';
import type { SnippetPart } from '@servicedesk/contracts';

/*
 * A search hit's snippet in the ORIGINAL text, the words found marked (issue #41: it showed the
 * folded text, `techizati ucun elave setir` for `təchizatı üçün əlavə sətir`). The database cuts the
 * same window out of the folded text (`search_text`, which the index searches) and out of the
 * original (`search_source`: the title and the current version's text with runs of white space made
 * one space — so the two line up character for character); here each original character is folded
 * on its own and compared with the folded window. When they line up (nearly always) the original is
 * shown, else the folded one (an older row without `search_source`, a character whose folding is
 * not one character). The answer is parts of plain text, each marked or not: the web renders them as
 * text and <mark>, never as HTML.
 */

/** The window the database cut: where it starts (1-based, in characters), the folded and original text, and whether the text goes on past it. */
export interface SnippetWindow {
  at: number;
  f: string;
  o: string | null;
  more: boolean;
}

/** The white-space-collapsed original a document's `search_source` holds: the title and the current version's text. */
export function searchSource(title: string, text: string | null | undefined): string {
  return `${title}\n${text ?? ''}`.replace(/\s+/gu, ' ').trim();
}

/** `search_text` and `search_source` of a document titled `title` whose current version has `text`. */
export function searchColumns(title: string, text: string | null | undefined): { searchText: string; searchSource: string } {
  return { searchText: normalizeForSearch(`${title}\n${text ?? ''}`), searchSource: searchSource(title, text) };
}

const foldChar = (ch: string): string => (/\s/u.test(ch) ? ' ' : normalizeForSearch(ch));
const isWordChar = (ch: string): boolean => /[\p{L}\p{N}]/u.test(ch);

/**
 * The parts of a snippet: the window cut at whole words (from the first space when it starts
 * inside the text, to the last one when the text goes on), each word of the search marked — a whole
 * word for every word but the last, which also matches as a prefix (the search's own rule, `w:*`).
 */
export function snippetParts(window: SnippetWindow, words: readonly string[]): SnippetPart[] {
  const folded = Array.from(window.f);
  const original = window.o === null ? null : Array.from(window.o);
  const aligned = original !== null && original.length === folded.length && original.every((ch, i) => foldChar(ch) === folded[i]);
  const shown = aligned ? original : folded;
  let start = 0;
  let end = folded.length;
  if (window.at > 1) start = folded.indexOf(' ') + 1;
  if (window.more) {
    const last = folded.lastIndexOf(' ');
    if (last > start) end = last;
  }
  const whole = new Set(words.slice(0, -1));
  const prefix = words.at(-1) ?? '';
  const parts: SnippetPart[] = [];
  const push = (from: number, to: number, mark: boolean) => {
    if (to <= from) return;
    const text = shown.slice(from, to).join('');
    const prev = parts.at(-1);
    if (prev && prev.mark === mark) prev.text += text;
    else parts.push({ text, mark });
  };
  let i = start;
  while (i < end) {
    if (!isWordChar(folded[i]!)) {
      let j = i;
      while (j < end && !isWordChar(folded[j]!)) j++;
      push(i, j, false);
      i = j;
      continue;
    }
    let j = i;
    while (j < end && isWordChar(folded[j]!)) j++;
    const token = folded.slice(i, j).join('');
    push(i, j, whole.has(token) || (prefix !== '' && token.startsWith(prefix)));
    i = j;
  }
  if (parts[0] && !parts[0].mark) parts[0].text = parts[0].text.trimStart();
  const lastPart = parts.at(-1);
  if (lastPart && !lastPart.mark) lastPart.text = lastPart.text.trimEnd();
  return parts.filter((p) => p.text !== '');
}
