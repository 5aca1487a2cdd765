import { defaultLanguage, languageCodes, type LanguageCode } from '@servicedesk/contracts';

/**
 * The first supported language of an Accept-Language header (SPEC §7: every call sends the
 * stored language), honouring q-values; az when none is supported or the header is missing.
 */
export function languageFromHeader(header: string | undefined): LanguageCode {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { code: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry) => (languageCodes as readonly string[]).includes(entry.code));
  return (found?.code as LanguageCode | undefined) ?? defaultLanguage;
}
