import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '@servicedesk/api/provider';
import { SessionProvider } from '../session/session-context';
import type { AppServices } from './services';
import { AriaLocale } from './aria-locale';

export { AriaLocale };

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
