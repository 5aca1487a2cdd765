import type { LanguageCode } from '@servicedesk/contracts';
import type { TranslationsQuery } from './get-translations';

/** Query keys of translation editing (/api/admin/translations). */
export const translationKeys = {
  all: ['translations'] as const,
  lists: () => [...translationKeys.all, 'list'] as const,
  list: (query: TranslationsQuery) => [...translationKeys.lists(), query] as const,
  history: (lang: LanguageCode, key: string) => [...translationKeys.all, 'history', lang, key] as const,
};
