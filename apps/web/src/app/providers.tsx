import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from 'react-aria-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { localeFor } from '@servicedesk/i18n';
import { ApiProvider } from '@servicedesk/api/provider';
import { SessionProvider } from '../session/session-context';
import type { AppServices } from './services';

/**
 * Gives react-aria the interface language (not the browser's), so date fields, calendars and
 * number fields read and write dates the way the chosen language does (az: dd.mm.yyyy), and
 * follow a language change at once.
 */
export function AriaLocale({ children }: { children?: ReactNode }) {
  const { i18n } = useTranslation();
  return <I18nProvider locale={localeFor(i18n.language)}>{children}</I18nProvider>;
}

/** The providers every route needs: i18n (i18next and react-aria's locale), TanStack Query, the api client and the session. */
export function AppProviders({ services, children }: { services: Omit<AppServices, 'router' | 'bus'>; children?: ReactNode }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <AriaLocale>
        <QueryClientProvider client={services.queryClient}>
          <ApiProvider client={services.apiClient}>
            <SessionProvider controller={services.session}>{children}</SessionProvider>
          </ApiProvider>
        </QueryClientProvider>
      </AriaLocale>
    </I18nextProvider>
  );
}
