import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { localeFor } from '@servicedesk/i18n';

/**
 * Gives react-aria the interface language (not the browser's), so date fields, calendars and
 * number fields read and write dates the way the chosen language does (az: dd.mm.yyyy), and
 * follow a language change at once.
 */
export function AriaLocale({ children }: { children?: ReactNode }) {
  const { i18n } = useTranslation();
  return <I18nProvider locale={localeFor(i18n.language)}>{children}</I18nProvider>;
}
