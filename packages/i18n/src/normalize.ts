/*
 * Accent- and case-insensitive text search (SPEC §5: "Text search is case-insensitive and
 * accent-insensitive for the Azerbaijani letters").
 *
 * Letters are folded to plain Latin before lowercasing, because the default toLowerCase is
 * not Turkic-aware: "I" must become "i" (not "ı") and "İ" must not leave a combining dot.
 * ə, ı, ø, ł, đ have no Unicode decomposition, so they are mapped by hand; every other
 * accented letter (ö ü ç ş ğ é ñ …) loses its marks through NFD.
 */
const manual: Record<string, string> = {
  ə: 'e',
  Ə: 'e',
  ı: 'i',
  I: 'i',
  İ: 'i',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
};
const manualPattern = new RegExp(`[${Object.keys(manual).join('')}]`, 'gu');

/**
 * Folds text for comparison: Azerbaijani/Turkish letters (ə ı İ ö ü ç ş ğ) and other
 * diacritics to plain Latin, lowercase, runs of whitespace to one space, trimmed.
 * "İSMAYILLI" → "ismayilli", "Şəki" → "seki". null/undefined → "".
 */
export function normalizeForSearch(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(manualPattern, (ch) => manual[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * True when `needle` occurs in `haystack` ignoring case and accents; an empty or blank
 * needle matches everything (an empty search box filters nothing).
 */
export function matchesSearch(
  haystack: string | null | undefined,
  needle: string | null | undefined,
): boolean {
  const n = normalizeForSearch(needle);
  if (n === '') return true;
  return normalizeForSearch(haystack).includes(n);
}
