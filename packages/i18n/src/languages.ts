/** Interface languages, default first (SPEC §1, §9). Kept here as well as in contracts because
 * i18n may not import another workspace package (ARCHITECTURE.md: the server reads i18n). */
export const languageCodes = ['az', 'en', 'ru', 'tr'] as const;
export type LanguageCode = (typeof languageCodes)[number];

/** The default and fallback language (SPEC §9). */
export const defaultLanguage: LanguageCode = 'az';

/** True when `value` is one of the supported language codes. */
export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

/** A language as the language dropdown shows it (SPEC §3 "Language": code, label, imgUrl). */
export interface Language {
  code: LanguageCode;
  /** The language's name in itself, so a reader finds their language whatever is selected. */
  label: string;
  /** A small flag as an SVG data URI (no network request, works offline and in Storybook). */
  imgUrl: string;
}

const svg = (body: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20" width="30" height="20">${body}</svg>`,
  )}`;

const flags: Record<LanguageCode, string> = {
  // Azerbaijan: blue, red, green; a white crescent and eight-pointed star on the red.
  az: svg(
    '<rect width="30" height="20" fill="#00b5e2"/><rect y="6.67" width="30" height="6.67" fill="#ef3340"/>' +
      '<rect y="13.33" width="30" height="6.67" fill="#509e2f"/><circle cx="14" cy="10" r="2.5" fill="#fff"/>' +
      '<circle cx="14.7" cy="10" r="2" fill="#ef3340"/>' +
      '<polygon fill="#fff" points="17.6,8.6 17.9,9.5 18.8,9.2 18.4,10 19.2,10.5 18.3,10.7 18.5,11.6 17.6,11.2 17.1,12 16.9,11.1 16,11.2 16.5,10.4 15.9,9.8 16.8,9.6 16.7,8.7 17.4,9.2"/>',
  ),
  // United Kingdom (simplified Union Jack).
  en: svg(
    '<rect width="30" height="20" fill="#012169"/><path d="M0,0 30,20 M30,0 0,20" stroke="#fff" stroke-width="4"/>' +
      '<path d="M0,0 30,20 M30,0 0,20" stroke="#c8102e" stroke-width="1.5"/>' +
      '<path d="M15,0 v20 M0,10 h30" stroke="#fff" stroke-width="6"/><path d="M15,0 v20 M0,10 h30" stroke="#c8102e" stroke-width="3.5"/>',
  ),
  // Russia: white, blue, red.
  ru: svg(
    '<rect width="30" height="20" fill="#fff"/><rect y="6.67" width="30" height="6.67" fill="#0039a6"/>' +
      '<rect y="13.33" width="30" height="6.67" fill="#d52b1e"/>',
  ),
  // Türkiye: red with a white crescent and star.
  tr: svg(
    '<rect width="30" height="20" fill="#e30a17"/><circle cx="11" cy="10" r="5" fill="#fff"/>' +
      '<circle cx="12.3" cy="10" r="4" fill="#e30a17"/>' +
      '<polygon fill="#fff" points="15.5,10 18.9,8.9 16.8,11.8 16.8,8.2 18.9,11.1"/>',
  ),
};

const labels: Record<LanguageCode, string> = {
  az: 'Azərbaycan',
  en: 'English',
  ru: 'Русский',
  tr: 'Türkçe',
};

/** The four interface languages in display order, default (az) first. */
export const languages: readonly Language[] = languageCodes.map((code) => ({
  code,
  label: labels[code],
  imgUrl: flags[code],
}));
