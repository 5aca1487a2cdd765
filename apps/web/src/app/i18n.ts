import { createI18n, type I18n } from '@servicedesk/i18n';
import type { LanguageCode } from '@servicedesk/contracts';
import { storage } from '../session/storage';

/**
 * The app's i18next instance: the stored language (az by default), loaded over HTTP from the
 * server's merged tree at /assets/i18n/{lang}.json (SPEC §7 "Translation files").
 */
export function createAppI18n(): I18n {
  const i18n = createI18n({ lng: storage.getLanguage(), loadPath: '/assets/i18n/{{lng}}.json' });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n;
}

/** Stores the language and switches the interface to it (the server is told by the caller). */
export async function switchLanguage(i18n: I18n, code: LanguageCode): Promise<void> {
  storage.setLanguage(code);
  await i18n.changeLanguage(code);
}

/**
 * Resolves once the current language's texts (and the az fallback) are loaded, so a text
 * looked up early — e.g. the guard's toast on the very first page load — is not taken from
 * the fallback language.
 */
export function whenI18nReady(i18n: I18n): Promise<void> {
  const ready = () => i18n.isInitialized && i18n.hasLoadedNamespace('translation');
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!ready()) return;
      i18n.off('initialized', check);
      i18n.off('loaded', check);
      resolve();
    };
    i18n.on('initialized', check);
    i18n.on('loaded', check);
  });
}
