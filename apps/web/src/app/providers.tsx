import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '@servicedesk/api/provider';
import { SessionProvider } from '../session/session-context';
import type { AppServices } from './services';

/** The providers every route needs: i18n, TanStack Query, the api client and the session. */
export function AppProviders({ services, children }: { services: Omit<AppServices, 'router' | 'bus'>; children?: ReactNode }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <QueryClientProvider client={services.queryClient}>
        <ApiProvider client={services.apiClient}>
          <SessionProvider controller={services.session}>{children}</SessionProvider>
        </ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
