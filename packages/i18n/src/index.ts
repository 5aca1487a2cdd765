import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createFetchBackend } from './http-backend';
import { defaultLanguage, isLanguageCode, languageCodes } from './languages';
import { namespace } from './resources';

export { defaultLanguage, isLanguageCode, languageCodes, languages } from './languages';
export type { Language, LanguageCode } from './languages';
export { buildLocale, buildResources, namespace } from './resources';
export type { TranslationTree } from './areas';
export {
  calendarDateOf,
  calendarDayStart,
  currencyFor,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
  isCalendarDate,
  isTimeZone,
  localeFor,
  organisationTimeZone,
  setOrganisationTimeZone,
  toMajorUnits,
  weekStartsOn,
} from './format';
export { matchesSearch, normalizeForSearch } from './normalize';
export type { i18n as I18n } from 'i18next';

/** Options of {@link createI18n}. Give `resources` (bundled) or `loadPath` (fetched). */
export interface CreateI18nOptions {
  /** Starting language; unknown codes fall back to az. */
  lng: string;
  /** Bundled resources in i18next's shape, e.g. `buildResources()` (Storybook, tests). */
  resources?: Resource;
  /** URL template of the merged per-language tree, e.g. '/assets/i18n/{{lng}}.json' (web). */
  loadPath?: string;
  /** fetch used by the loadPath backend (tests). */
  fetch?: typeof fetch;
  /** Bind react-i18next (default true; the server has no React). */
  react?: boolean;
}

/**
 * Creates a fresh i18next instance (never the global singleton, so Storybook, tests and the
 * app do not leak language into each other) with react-i18next bound. One namespace
 * ("translation"), fallback az, `{{var}}` interpolation without HTML escaping (React escapes).
 *
 * With `resources` the instance is ready synchronously on return. With `loadPath` it starts
 * loading the language; await {@link initI18n} or rely on react-i18next's Suspense.
 * Changing language later: `i18n.changeLanguage(code)` (loads the file when needed).
 */
export function createI18n(options: CreateI18nOptions): I18n {
  return start(options).instance;
}

/** Like {@link createI18n}, resolving once the starting language is loaded. */
export async function initI18n(options: CreateI18nOptions): Promise<I18n> {
  const { instance, ready } = start(options);
  await ready;
  return instance;
}

function start(options: CreateI18nOptions): { instance: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  if (options.react !== false) instance.use(initReactI18next);
  if (!options.resources && options.loadPath) {
    instance.use(createFetchBackend({ loadPath: options.loadPath, fetch: options.fetch }));
  }
  const ready = instance.init({
    lng: isLanguageCode(options.lng) ? options.lng : defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languageCodes],
    load: 'languageOnly',
    ns: [namespace],
    defaultNS: namespace,
    resources: options.resources,
    initAsync: !options.resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
  return { instance, ready };
}
