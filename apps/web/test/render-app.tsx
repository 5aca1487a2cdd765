import { act, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setupServer } from 'msw/node';
import { createApiClient } from '@servicedesk/api/client';
import { createHandlers } from '@servicedesk/api/handlers';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { AppProviders } from '../src/app/providers';
import { toast } from '@servicedesk/ui/Toast';
import { createRoutes } from '../src/app/router';
import { createQueryClient } from '../src/app/services';
import { createSessionController, type SessionBus } from '../src/session/session';
import { isTokenExpired, storage } from '../src/session/storage';

/** An MSW server with H3's handlers (the server's semantics in memory). */
export function createMockServer() {
  return setupServer(...createHandlers());
}

/**
 * The one mock-server set-up of a web page test file: an MSW server with every area's handlers
 * (`createMockServer`), listening for the whole file; after each test the handlers a test added
 * with `server.use(...)` and the event listeners it put on `server.events` are dropped and the
 * toasts it left are cleared, so the next test starts from the handlers' state alone. The
 * handlers' in-memory data (created records, saved settings) lives for the file. Call it once at
 * the top of the file: `const server = mockServerForFile();`.
 */
export function mockServerForFile() {
  const server = createMockServer();
  beforeAll(() => server.listen());
  afterEach(() => {
    server.resetHandlers();
    server.events.removeAllListeners();
    act(() => toast.clear());
  });
  afterAll(() => server.close());
  return server;
}

/** A demo session as a successful login leaves it. */
export function signIn(expiresInMs = 8 * 60 * 60_000) {
  storage.setSession('test-token', Date.now() + expiresInMs, {
    id: 1,
    firstName: 'Aysel',
    lastName: 'Məmmədova',
    email: 'admin@servicedesk.az',
    imgPath: null,
    language: 'en',
    theme: 'light',
    userTypeId: 1,
    userTypeName: 'Administrator',
  });
}

/**
 * Renders the whole app (routes, layouts, pages) at `url` in a memory router, in English with
 * bundled translations, against the MSW handlers. Returns the router and the toasts shown.
 */
export function renderApp(url: string, options: { bus?: SessionBus } = {}) {
  storage.setLanguage('en');
  const i18n = createI18n({ lng: 'en', resources: buildResources() });
  const queryClient = createQueryClient();
  const notify = { calls: [] as string[] };
  // eslint-disable-next-line prefer-const -- assigned after the session that needs it exists
  let router: ReturnType<typeof createMemoryRouter>;
  const session = createSessionController({
    navigate: (to) => void router.navigate(to, { replace: true }),
    currentUrl: () => {
      const l = router.state.location;
      return `${l.pathname}${l.search}${l.hash}`;
    },
    notify: (key) => notify.calls.push(key),
    bus: options.bus,
    onCleared: () => queryClient.clear(),
  });
  const apiClient = createApiClient({
    baseUrl: 'http://localhost/api',
    getToken: () => storage.getToken(),
    getLanguage: () => storage.getLanguage(),
    isTokenExpired: () => isTokenExpired(),
    onUnauthorized: (info) => session.handleUnauthorized(info),
  });
  router = createMemoryRouter(createRoutes(session, { queryClient, apiClient }), { initialEntries: [url] });
  const view = render(
    <AppProviders services={{ i18n, queryClient, apiClient, session }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, session, notify, queryClient };
}
