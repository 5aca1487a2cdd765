import { endSession } from '@servicedesk/api/auth/sessions';
import { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from '@servicedesk/api/client';
import { isApiRequestError } from '@servicedesk/api/errors';
import type { I18n } from '@servicedesk/i18n';
import { toast } from '@servicedesk/ui/Toast';
import { createSessionController, type SessionController } from '../session/session';
import { isTokenExpired, storage } from '../session/storage';
import { createAppI18n, whenI18nReady } from './i18n';
import { createAppRouter } from './router';
import { createCrossTabBus, type CrossTabBus } from '@servicedesk/realtime/cross-tab';

export interface AppServices {
  i18n: I18n;
  queryClient: QueryClient;
  apiClient: ApiClient;
  session: SessionController;
  /** The tab's BroadcastChannel('sd') bus; the session listens for 'logout' on it. */
  bus: CrossTabBus;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * Query defaults: no retry for answered client errors (4xx), two for network/server failures.
 * Queries outside the auth area need a session: between a logout and the login page they do
 * not fire (a page still on screen would otherwise refetch without a token and get a 401).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        enabled: (query) => query.queryKey[0] === 'auth' || storage.getToken() !== null,
        retry: (count, error) => count < 2 && (!isApiRequestError(error) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Wires the app once: i18n, TanStack Query, the session controller (logout, guard, 401
 * handling, cross-tab logout), the api client reading the session from storage, and the router
 * (its first navigation starts here). `i18n` may be made beforehand ({@link createAppI18n}), e.g.
 * in an earlier task of the app's start.
 */
export function createAppServices(options: { bus?: CrossTabBus; i18n?: I18n } = {}): AppServices {
  const i18n = options.i18n ?? createAppI18n();
  const queryClient = createQueryClient();
  const bus = options.bus ?? createCrossTabBus();
  let router: ReturnType<typeof createAppRouter> | null = null;

  const session = createSessionController({
    navigate: (to) => {
      if (router) void router.navigate(to, { replace: true });
      else window.location.assign(to);
    },
    currentUrl: () => {
      const loc = router?.state.location ?? window.location;
      return `${loc.pathname}${loc.search}${loc.hash}`;
    },
    // The guard may run before the translation file has arrived: wait for it, then toast.
    notify: (key) => {
      void whenI18nReady(i18n).then(() => toast.show({ title: i18n.t(key), variant: 'error' }));
    },
    bus,
    onCleared: () => queryClient.clear(),
    endServerSession: () => endSession(apiClient),
  });

  const apiClient = createApiClient({
    getToken: () => storage.getToken(),
    getLanguage: () => storage.getLanguage(),
    isTokenExpired: () => isTokenExpired(),
    onUnauthorized: (info) => session.handleUnauthorized(info),
  });

  router = createAppRouter(session, { queryClient, apiClient });
  return { i18n, queryClient, apiClient, session, bus, router };
}
