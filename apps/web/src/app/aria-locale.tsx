import type { ReactNode } from 'react';
import { FormContext, I18nProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { localeFor } from '@servicedesk/i18n';

/**
 * Every field of the app validates the react-aria "aria" way (`validationBehavior="aria"`):
 * required and invalid states are announced with aria-invalid and shown with the product's own
 * translated messages (features/shared/form-check.ts), never as the browser's native bubble
 * ("Please fill out this field." in the browser's language), and no field keeps a native custom
 * validity that blocks the form's next submit until it is edited again. A field or form may still
 * say otherwise with its own `validationBehavior`.
 */
const formDefaults = { validationBehavior: 'aria' } as const;

/**
 * Gives react-aria the interface language (not the browser's), so date fields, calendars and
 * number fields read and write dates the way the chosen language does (az: dd.mm.yyyy), and
 * follow a language change at once; and the app's validation behaviour (above).
 */
export function AriaLocale({ children }: { children?: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <I18nProvider locale={localeFor(i18n.language)}>
      <FormContext.Provider value={formDefaults}>{children}</FormContext.Provider>
    </I18nProvider>
  );
}
