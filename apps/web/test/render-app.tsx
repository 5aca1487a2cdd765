import { act, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setupServer } from 'msw/node';
import { createApiClient, type ApiClient, type ApiClientOptions } from '@servicedesk/api/client';
import { isApiRequestError } from '@servicedesk/api/errors';
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
 * Answers of the mock server that broke their contract in the current test: the API client
 * parses every answer with its zod schema from @servicedesk/contracts and rejects with
 * `invalidResponse`; a page may turn that into an error state the test never looks at, so the
 * clients made here ({@link checkedApiClient}, {@link renderApp}) record it and
 * {@link mockServerForFile} fails the test after it ends.
 */
const contractBreaks: string[] = [];

/**
 * An API client (createApiClient with `options`) whose contract breaks are recorded for
 * {@link mockServerForFile}: a handler that drifts from the contract fails the test that met it,
 * naming the call and the zod issues.
 */
export function checkedApiClient(options: ApiClientOptions): ApiClient {
  const client = createApiClient(options);
  const request = client.request.bind(client);
  client.request = (call) =>
    request(call).catch((error: unknown) => {
      if (isApiRequestError(error) && error.code === 'invalidResponse') contractBreaks.push(`${call.method} ${call.path}: ${JSON.stringify(error.details)}`);
      throw error;
    });
  return client;
}

/**
 * The contract breaks recorded since the test began, removed from the record: what
 * {@link mockServerForFile} fails a test with after it ends (a test of the harness itself reads
 * them to show the check works).
 */
export function takeContractBreaks(): string[] {
  return contractBreaks.splice(0);
}

/** Options of {@link mockServerForFile}. */
export interface MockServerOptions {
  /**
   * Every area's handlers made anew before each test (fresh in-memory data: nothing read, created
   * or saved by an earlier test), instead of once for the file. @default false
   */
  freshEachTest?: boolean;
  /** msw's listen options, e.g. `{ onUnhandledFrame: 'error' }`. */
  listen?: Parameters<ReturnType<typeof setupServer>['listen']>[0];
}

/**
 * The one mock-server set-up of a web page test file: an MSW server with every area's handlers
 * (`createMockServer`), listening for the whole file; after each test the handlers a test added
 * with `server.use(...)` and the event listeners it put on `server.events` are dropped, the
 * toasts it left are cleared, and the test fails if an answer it met broke its contract (see
 * {@link checkedApiClient}), so the next test starts from the handlers' state alone. The
 * handlers' in-memory data (created records, saved settings) lives for the file unless
 * `freshEachTest`. Call it once at the top of the file: `const server = mockServerForFile();`.
 */
export function mockServerForFile(options: MockServerOptions = {}) {
  const server = createMockServer();
  beforeAll(() => server.listen(options.listen));
  beforeEach(() => {
    contractBreaks.length = 0;
    if (options.freshEachTest) server.resetHandlers(...createHandlers());
  });
  afterEach(() => {
    server.resetHandlers();
    server.events.removeAllListeners();
    act(() => toast.clear());
    const broken = takeContractBreaks();
    if (broken.length > 0) throw new Error(`mock answers broke their contract (packages/contracts):\n${broken.join('\n')}`);
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
  const apiClient = checkedApiClient({
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
